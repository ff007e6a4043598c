import svg from '@material-symbols/svg-400/outlined/keyboard.svg';
import type { IconSymbol } from './symbol';

export const keyboard: IconSymbol = { name: 'keyboard', svg };
