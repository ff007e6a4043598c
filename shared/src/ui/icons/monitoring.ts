import svg from '@material-symbols/svg-400/outlined/monitoring.svg';
import type { IconSymbol } from './symbol';

export const monitoring: IconSymbol = { name: 'monitoring', svg };
