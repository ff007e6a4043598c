import svg from '@material-symbols/svg-400/outlined/toggle_on.svg';
import type { IconSymbol } from './symbol';

export const toggleOn: IconSymbol = { name: 'toggle-on', svg };
