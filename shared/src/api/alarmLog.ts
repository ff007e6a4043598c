// Alarm log calls (docs/product/api.md "Alarm log"): an account's occurrences, paged, and acknowledging one.
import type { AlarmLogPage, AlarmOccurrence } from '../contract';
import { api, type RequestOptions } from './client';

export interface AlarmLogFilter {
  /** Only this device's occurrences (its key). */
  device?: string;
  /** The `Next` of the page before. */
  cursor?: string;
}

export const alarmLogApi = {
  list: (userId: string, filter: AlarmLogFilter = {}, options?: RequestOptions) => {
    const query = new URLSearchParams(Object.entries(filter).filter((entry): entry is [string, string] => Boolean(entry[1])));
    const search = query.toString() ? `?${query}` : '';
    return api.get<AlarmLogPage>(`users/${encodeURIComponent(userId)}/alarms${search}`, options);
  },
  acknowledge: (id: string, options?: RequestOptions) =>
    api.post<AlarmOccurrence>(`alarms/${encodeURIComponent(id)}/acknowledge`, undefined, options),
};
