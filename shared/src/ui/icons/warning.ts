import svg from '@material-symbols/svg-400/outlined/warning.svg';
import type { IconSymbol } from './symbol';

export const warning: IconSymbol = { name: 'warning', svg };
