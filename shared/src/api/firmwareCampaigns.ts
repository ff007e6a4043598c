// Firmware campaign calls (docs/product/api.md "Firmware campaigns", docs/product/firmware-campaigns.md): staff's list,
// creating one, one campaign with its progress and a page of its devices, and pause, resume and cancel.
import type { CampaignDetail, CampaignDeviceState, CampaignList, CreateCampaignBody } from '../contract';
import { api, type RequestOptions } from './client';

const BASE = 'admin/firmware-campaigns';
const one = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

export const firmwareCampaignsApi = {
  list: (options?: RequestOptions) => api.get<CampaignList>(BASE, options),
  create: (body: CreateCampaignBody, options?: RequestOptions) => api.post<CampaignDetail>(BASE, body, options),
  /** `after`: the `Next` of the devices page before; `state`: only the devices in it. */
  get: (id: string, page: { after?: number; state?: CampaignDeviceState } = {}, options?: RequestOptions) =>
    api.get<CampaignDetail>(one(id), {
      ...options,
      query: { ...(page.after !== undefined && { after: String(page.after) }), ...(page.state && { state: page.state }) },
    }),
  pause: (id: string, options?: RequestOptions) => api.post<CampaignDetail>(`${one(id)}/pause`, undefined, options),
  resume: (id: string, options?: RequestOptions) => api.post<CampaignDetail>(`${one(id)}/resume`, undefined, options),
  cancel: (id: string, options?: RequestOptions) => api.post<CampaignDetail>(`${one(id)}/cancel`, undefined, options),
};
