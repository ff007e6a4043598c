import svg from '@material-symbols/svg-400/outlined/add_circle.svg';
import type { IconSymbol } from './symbol';

export const addCircle: IconSymbol = { name: 'add-circle', svg };
