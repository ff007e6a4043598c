import svg from '@material-symbols/svg-400/outlined/refresh.svg';
import type { IconSymbol } from './symbol';

export const refresh: IconSymbol = { name: 'refresh', svg };
