import svg from '@material-symbols/svg-400/outlined/content_copy.svg';
import type { IconSymbol } from './symbol';

export const contentCopy: IconSymbol = { name: 'content-copy', svg };
