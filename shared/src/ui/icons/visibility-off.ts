import svg from '@material-symbols/svg-400/outlined/visibility_off.svg';
import type { IconSymbol } from './symbol';

export const visibilityOff: IconSymbol = { name: 'visibility-off', svg };
