import svg from '@material-symbols/svg-400/outlined/check_circle.svg';
import type { IconSymbol } from './symbol';

export const checkCircle: IconSymbol = { name: 'check-circle', svg };
