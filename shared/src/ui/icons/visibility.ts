import svg from '@material-symbols/svg-400/outlined/visibility.svg';
import type { IconSymbol } from './symbol';

export const visibility: IconSymbol = { name: 'visibility', svg };
