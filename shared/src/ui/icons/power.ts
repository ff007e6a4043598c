import svg from '@material-symbols/svg-400/outlined/power_settings_new.svg';
import type { IconSymbol } from './symbol';

export const power: IconSymbol = { name: 'power', svg };
