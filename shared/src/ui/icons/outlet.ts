import svg from '@material-symbols/svg-400/outlined/outlet.svg';
import type { IconSymbol } from './symbol';

export const outlet: IconSymbol = { name: 'outlet', svg };
