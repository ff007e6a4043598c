import svg from '@material-symbols/svg-400/outlined/settings.svg';
import type { IconSymbol } from './symbol';

export const settings: IconSymbol = { name: 'settings', svg };
