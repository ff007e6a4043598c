import svg from '@material-symbols/svg-400/outlined/help.svg';
import type { IconSymbol } from './symbol';

export const help: IconSymbol = { name: 'help', svg };
