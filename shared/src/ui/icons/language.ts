import svg from '@material-symbols/svg-400/outlined/language.svg';
import type { IconSymbol } from './symbol';

export const language: IconSymbol = { name: 'language', svg };
