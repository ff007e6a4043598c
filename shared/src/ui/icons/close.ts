import svg from '@material-symbols/svg-400/outlined/close.svg';
import type { IconSymbol } from './symbol';

export const close: IconSymbol = { name: 'close', svg };
