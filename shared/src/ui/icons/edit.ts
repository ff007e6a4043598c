import svg from '@material-symbols/svg-400/outlined/edit.svg';
import type { IconSymbol } from './symbol';

export const edit: IconSymbol = { name: 'edit', svg };
