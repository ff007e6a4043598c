import svg from '@material-symbols/svg-400/outlined/error.svg';
import type { IconSymbol } from './symbol';

export const error: IconSymbol = { name: 'error', svg };
