import svg from '@material-symbols/svg-400/outlined/login.svg';
import type { IconSymbol } from './symbol';

export const login: IconSymbol = { name: 'login', svg };
