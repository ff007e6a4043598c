// Device calls (docs/product/api.md Registration and the per-product calls): list, register, get, update, unregister, power.
import type {
  AlarmChannels,
  AlarmChannelsBody,
  DeviceChangeLog,
  DeviceList,
  DeviceOf,
  DeviceTrends,
  PlanPayment,
  RegisterBodies,
  UpdateBodies,
} from '../contract';
import { PRODUCT_INFO, collectionOf, type ProductId } from '../products/catalogue';
import { api, type RequestOptions } from './client';
import { usersApi } from './users';

export type { RegisterBodies, UpdateBodies };

/** docs/product/limits.md: the power toggle waits up to 60 s for the device's acknowledgement (the server answers 408 then). */
export const POWER_TOGGLE_TIMEOUT_MS = 60_000;
/**
 * The client waits a little longer than the server, so the server's 408 (an error toast, the switch stays as it
 * was) arrives before the client's own time-out, which would replace the page with the connection failure.
 */
export const POWER_TOGGLE_CLIENT_TIMEOUT_MS = POWER_TOGGLE_TIMEOUT_MS + 5_000;

/** A conditional device-list fetch: `list` is null when the server answered 304 Not Modified. */
export interface DeviceListPoll {
  list: DeviceList | null;
  etag: string | null;
}

const userPath = (userId: string) => `users/${encodeURIComponent(userId)}`;
const devicePath = (product: ProductId, key: string) => `${collectionOf(product)}/${encodeURIComponent(key)}`;

export const devicesApi = {
  /** GET users/{id}/devices: the five arrays (docs/product/devices.md). */
  list: (userId: string, options?: RequestOptions) => usersApi.devices(userId, options),

  /**
   * GET users/{id}/devices with If-None-Match (docs/architecture/README.md#budgets): the dashboard's poll. A 304 gives `list: null` so the
   * caller keeps what it shows.
   */
  async poll(userId: string, etag: string | null, options?: RequestOptions): Promise<DeviceListPoll> {
    const headers = { ...options?.headers, ...(etag ? { 'If-None-Match': etag } : {}) };
    const response = await api.get<Response | undefined>(`${userPath(userId)}/devices`, { ...options, headers, raw: true });
    if (!response || response.status === 304) return { list: null, etag };
    const text = await response.text();
    return { list: text ? (JSON.parse(text) as DeviceList) : null, etag: response.headers.get('ETag') ?? etag };
  },

  /** GET users/{id}/devices/trends: the dashboard's trend lines, every card's in one call (docs/product/api.md). */
  trends: (userId: string, options?: RequestOptions) => api.get<DeviceTrends>(`${userPath(userId)}/devices/trends`, options),

  /** POST users/{id}/{farmcam-sims|fencealarms|fencealarm2s|smartplugs|smartplug2s} (docs/product/api.md). */
  register: <P extends ProductId>(userId: string, product: P, body: RegisterBodies[P], options?: RequestOptions) =>
    api.post<DeviceOf<P>>(`${userPath(userId)}/${collectionOf(product)}`, body, options),

  /** GET {collection}/{key}. */
  get: <P extends ProductId>(product: P, key: string, options?: RequestOptions) => api.get<DeviceOf<P>>(devicePath(product, key), options),

  /** PATCH {collection}/{key}; returns the updated device. */
  update: <P extends ProductId>(product: P, key: string, body: UpdateBodies[P], options?: RequestOptions) =>
    api.patch<DeviceOf<P>>(devicePath(product, key), body, options),

  /**
   * POST {collection}/{key}/plan: buys the plan the owner confirmed (docs/product/billing.md "A charge is its own step");
   * Payment null when nothing was charged (it only became the next plan).
   */
  buyPlan: <P extends ProductId>(product: P, key: string, priceId: string, options?: RequestOptions) =>
    api.post<{ Device: DeviceOf<P>; Payment: PlanPayment | null }>(`${devicePath(product, key)}/plan`, { PriceId: priceId }, options),

  /** GET {collection}/{key}/alarm-channels: the signed-in user's own channels for this device's alarms. */
  alarmChannels: (product: ProductId, key: string, options?: RequestOptions) => api.get<AlarmChannels>(`${devicePath(product, key)}/alarm-channels`, options),

  /** PUT {collection}/{key}/alarm-channels: sets them (only ever the caller's own). */
  setAlarmChannels: (product: ProductId, key: string, body: AlarmChannelsBody, options?: RequestOptions) =>
    api.put<AlarmChannels>(`${devicePath(product, key)}/alarm-channels`, body, options),

  /** GET {collection}/{key}/changes: what people the device is shared with changed (owner and admins; docs/product/roles.md). */
  changes: (product: ProductId, key: string, options?: RequestOptions) => api.get<DeviceChangeLog>(`${devicePath(product, key)}/changes`, options),

  /** DELETE {collection}/{key} (unregister; owner only). */
  unregister: (product: ProductId, key: string, options?: RequestOptions) => api.delete<void>(devicePath(product, key), options),

  /**
   * docs/product/states.md power toggle, as the product's switch works: by command (SmartPlug: PUT smartplugs/{imei}/power-enabled
   * {Enabled}) or through its configuration (SmartPlug2: PATCH DeviceConfig.OutputPower); both wait up to 60 s for
   * the device and return it. Not retried: a 408 already waited 60 s for the plug; the farmer taps again if they want.
   */
  setPower<P extends 'smartplug' | 'smartplug2'>(product: P, key: string, enabled: boolean, options?: RequestOptions): Promise<DeviceOf<P>> {
    const withTimeout = { timeout: POWER_TOGGLE_CLIENT_TIMEOUT_MS, retry: false, ...options };
    if (PRODUCT_INFO[product].power === 'command') {
      return api.put<DeviceOf<P>>(`${devicePath(product, key)}/power-enabled`, { Enabled: enabled }, withTimeout);
    }
    return api.patch<DeviceOf<P>>(devicePath(product, key), { DeviceConfig: { OutputPower: enabled } } satisfies UpdateBodies['smartplug2'], withTimeout);
  },
};

export { collectionOf };
