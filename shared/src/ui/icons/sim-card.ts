import svg from '@material-symbols/svg-400/outlined/sim_card.svg';
import type { IconSymbol } from './symbol';

export const simCard: IconSymbol = { name: 'sim-card', svg };
