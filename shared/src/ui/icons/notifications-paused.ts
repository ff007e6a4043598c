import svg from '@material-symbols/svg-400/outlined/notifications_paused.svg';
import type { IconSymbol } from './symbol';

export const notificationsPaused: IconSymbol = { name: 'notifications-paused', svg };
