import svg from '@material-symbols/svg-400/outlined/notifications.svg';
import type { IconSymbol } from './symbol';

export const notifications: IconSymbol = { name: 'notifications', svg };
