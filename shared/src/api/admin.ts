// The admin area's calls (docs/product/admin.md, docs/product/api.md "Admin"): impersonation, device search, trials,
// cancellation, FOTA, the consumption reset, notices, the audit log and fleet statistics. User search, e-mail, verify,
// the mailbox and the SMS outbox are in users.ts; a device by key in devices.ts.
import type {
  AdminDevicePage,
  AdminPaymentProvider,
  AdminDeviceSearchQuery,
  AuditPage,
  AuditQuery,
  DeviceOf,
  FarmcamSimTrialBody,
  FleetStats,
  FotaBody,
  ImpersonateKey,
  Notice,
  NoticeBody,
  TrialDaysBody,
  User,
} from '../contract';
import { collectionOf, type ProductId } from '../products/catalogue';
import { api, type RequestOptions } from './client';
import { POWER_TOGGLE_CLIENT_TIMEOUT_MS } from './devices';

/** The add-trial body of each product: FarmCam SIM {Bytes, Days}, the others {Days} (docs/product/validation.md). */
export type TrialBodyOf<P extends ProductId> = P extends 'farmcam-sim' ? FarmcamSimTrialBody : TrialDaysBody;

const devicePath = (product: ProductId, key: string) => `${collectionOf(product)}/${encodeURIComponent(key)}`;

export const adminApi = {
  /**
   * GET admin/impersonate?key=&value=: the user to act as (by id, e-mail or a device key type such as `farmcamsim`).
   * Always the admin's own call, also when switching from one impersonated user to another.
   */
  impersonate: (key: ImpersonateKey, value: string, options?: RequestOptions) =>
    api.get<User>('admin/impersonate', { asSelf: true, ...options, query: { key, value } }),
  /** POST admin/impersonate/stop {UserId}: recorded in the audit log. */
  stopImpersonating: (userId: string, options?: RequestOptions) => api.post<void>('admin/impersonate/stop', { UserId: userId }, options),

  /** GET admin/payment-provider: builtin or stripe (the user page links to the Stripe dashboard only with stripe). */
  paymentProvider: (options?: RequestOptions) => api.get<AdminPaymentProvider>('admin/payment-provider', options),

  /** GET admin/devices/{product}?key=&owner=&after=&limit=: one page of a product's registered devices. */
  searchDevices: (product: ProductId, query: AdminDeviceSearchQuery, options?: RequestOptions) =>
    api.get<AdminDevicePage>(`admin/devices/${product}`, { ...options, query: { ...query } }),

  /** PUT {collection}/{key}/trial; returns the device. */
  addTrial: <P extends ProductId>(product: P, key: string, body: TrialBodyOf<P>, options?: RequestOptions) =>
    api.put<DeviceOf<P>>(`${devicePath(product, key)}/trial`, body, options),
  /** DELETE {collection}/{key}/subscription; returns the device. */
  cancelSubscription: <P extends ProductId>(product: P, key: string, options?: RequestOptions) =>
    api.delete<DeviceOf<P>>(`${devicePath(product, key)}/subscription`, options),
  /** PUT fencealarm2s/{imei}/fota {Url, Checksum}. */
  configureFota: (imei: string, body: FotaBody, options?: RequestOptions) =>
    api.put<unknown>(`${devicePath('fencealarm2', imei)}/fota`, body, options),
  /**
   * POST smartplugs/{imei}/consumption/reset: the plug's answer (408 when it does not answer in time, 502 when it fails).
   * It waits for the plug like the power toggle, so the client waits a little longer than the server (see devices.ts).
   */
  resetConsumption: (imei: string, options?: RequestOptions) =>
    api.post<unknown>(`${devicePath('smartplug', imei)}/consumption/reset`, undefined, {
      timeout: POWER_TOGGLE_CLIENT_TIMEOUT_MS,
      ...options,
    }),

  /** GET notices: every notice (admins). */
  notices: (options?: RequestOptions) => api.get<Notice[]>('notices', options),
  /** POST notices: a new notice, or with `Id` a change to that one. */
  saveNotice: (body: NoticeBody, options?: RequestOptions) => api.post<Notice>('notices', body, options),
  deleteNotice: (id: string, options?: RequestOptions) => api.delete<void>(`notices/${encodeURIComponent(id)}`, options),

  /** GET admin/audit: newest first, one page. */
  audit: (query: AuditQuery, options?: RequestOptions) => api.get<AuditPage>('admin/audit', { ...options, query: { ...query } }),
  /** GET admin/stats: the fleet figures. */
  stats: (options?: RequestOptions) => api.get<FleetStats>('admin/stats', options),
};
