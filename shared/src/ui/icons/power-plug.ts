import svg from '@material-symbols/svg-400/outlined/power.svg';
import type { IconSymbol } from './symbol';

export const powerPlug: IconSymbol = { name: 'power-plug', svg };
