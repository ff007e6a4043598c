import svg from '@material-symbols/svg-400/outlined/no_photography.svg';
import type { IconSymbol } from './symbol';

export const noPhotography: IconSymbol = { name: 'no-photography', svg };
