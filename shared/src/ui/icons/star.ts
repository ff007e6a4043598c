import svg from '@material-symbols/svg-400/outlined/star.svg';
import type { IconSymbol } from './symbol';

export const star: IconSymbol = { name: 'star', svg };
