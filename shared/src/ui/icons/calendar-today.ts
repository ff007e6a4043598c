import svg from '@material-symbols/svg-400/outlined/calendar_today.svg';
import type { IconSymbol } from './symbol';

export const calendarToday: IconSymbol = { name: 'calendar-today', svg };
