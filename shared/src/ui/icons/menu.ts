import svg from '@material-symbols/svg-400/outlined/menu.svg';
import type { IconSymbol } from './symbol';

export const menu: IconSymbol = { name: 'menu', svg };
