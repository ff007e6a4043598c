import svg from '@material-symbols/svg-400/outlined/logout.svg';
import type { IconSymbol } from './symbol';

export const logout: IconSymbol = { name: 'logout', svg };
