import svg from '@material-symbols/svg-400/outlined/arrow_back.svg';
import type { IconSymbol } from './symbol';

export const arrowBack: IconSymbol = { name: 'arrow-back', svg };
