import svg from '@material-symbols/svg-400/outlined/fence.svg';
import type { IconSymbol } from './symbol';

export const fence: IconSymbol = { name: 'fence', svg };
