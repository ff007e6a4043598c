import svg from '@material-symbols/svg-400/outlined/toggle_off.svg';
import type { IconSymbol } from './symbol';

export const toggleOff: IconSymbol = { name: 'toggle-off', svg };
