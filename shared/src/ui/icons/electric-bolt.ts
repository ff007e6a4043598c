import svg from '@material-symbols/svg-400/outlined/electric_bolt.svg';
import type { IconSymbol } from './symbol';

export const electricBolt: IconSymbol = { name: 'electric-bolt', svg };
