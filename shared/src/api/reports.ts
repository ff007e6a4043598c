// Report subscription calls (docs/product/api.md "Reports"): the account's choice of e-mail reports.
import type { ReportFrequency, ReportSubscription } from '../contract';
import { api, type RequestOptions } from './client';

export const reportsApi = {
  get: (userId: string, options?: RequestOptions) =>
    api.get<ReportSubscription>(`users/${encodeURIComponent(userId)}/report-subscription`, options),
  set: (userId: string, frequency: ReportFrequency, options?: RequestOptions) =>
    api.put<ReportSubscription>(`users/${encodeURIComponent(userId)}/report-subscription`, { Frequency: frequency }, options),
};
