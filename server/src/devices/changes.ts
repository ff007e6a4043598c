// What an update body asks of a device, whatever the product's body shape (SPEC §7): metadata, the next plan,
// and a patch of the product's own fields. Bounds the schemas cannot express (lower < upper) are checked here
// with the same domain rules the screens use.
import type {
  MetadataUpdate,
  UpdateFarmcamSimBody,
  UpdateFencealarm2Body,
  UpdateFencealarmBody,
  UpdateSmartplug2Body,
  UpdateSmartplugBody,
} from '@paddock/shared/contract';
import { checkLoadAlarm, checkTemperatureAlarm, isRangeValid, type ProductId } from '@paddock/shared/domain';
import { badRequest } from '../http/errors';

export type UpdateBody = UpdateFarmcamSimBody | UpdateFencealarmBody | UpdateFencealarm2Body | UpdateSmartplugBody | UpdateSmartplug2Body;

export interface DeviceChanges {
  metadata: MetadataUpdate;
  /** The next plan ('' for None); undefined: unchanged. */
  priceId?: string;
  /** Deep-merged into the stored fields. */
  fields: Record<string, unknown>;
}

function checkBounds(field: string, lower: number, upper: number, check: typeof checkLoadAlarm, code: 'load_bounds' | 'temperature_bounds') {
  if (!isRangeValid(check(lower, upper))) throw badRequest(code, field);
}

/** Splits a product's update body into metadata, plan and field changes; 400 for bounds out of order. */
export function changesOf(product: ProductId, body: UpdateBody): DeviceChanges {
  switch (product) {
    case 'farmcam-sim': {
      const { PriceId, ...metadata } = body as UpdateFarmcamSimBody;
      return { metadata, priceId: PriceId, fields: {} };
    }
    case 'fencealarm': {
      const { PriceId, VoltageAlarm, Calibration, ...metadata } = body as UpdateFencealarmBody;
      const fields: Record<string, unknown> = {};
      if (VoltageAlarm) fields.VoltageAlarm = VoltageAlarm;
      if (Calibration) fields.Calibration = Calibration;
      return { metadata, priceId: PriceId, fields };
    }
    case 'fencealarm2': {
      const { Metadata, Subscription, VoltageAlarm } = body as UpdateFencealarm2Body;
      return { metadata: Metadata ?? {}, priceId: Subscription?.PriceId, fields: VoltageAlarm ? { VoltageAlarm } : {} };
    }
    case 'smartplug': {
      const { PriceId, BeepEnabled, PowerFailureAlarmEnabled, LoadAlarm, TemperatureRangeAlarm, Timer, Thermostat, ...metadata } =
        body as UpdateSmartplugBody;
      if (LoadAlarm) checkBounds('LoadAlarm.Lower', LoadAlarm.Lower, LoadAlarm.Upper, checkLoadAlarm, 'load_bounds');
      if (TemperatureRangeAlarm) {
        checkBounds('TemperatureRangeAlarm.Lower', TemperatureRangeAlarm.Lower, TemperatureRangeAlarm.Upper, checkTemperatureAlarm, 'temperature_bounds');
      }
      const fields: Record<string, unknown> = {};
      if (BeepEnabled !== undefined) fields.BeepEnabled = BeepEnabled;
      if (PowerFailureAlarmEnabled !== undefined) fields.PowerFailureAlarm = { Enabled: PowerFailureAlarmEnabled };
      if (LoadAlarm) fields.LoadAlarm = LoadAlarm;
      if (TemperatureRangeAlarm) fields.TemperatureRangeAlarm = TemperatureRangeAlarm;
      if (Timer) fields.Timer = Timer;
      if (Thermostat) fields.Thermostat = Thermostat;
      return { metadata, priceId: PriceId, fields };
    }
    case 'smartplug2': {
      const { Metadata, Subscription, ...rest } = body as UpdateSmartplug2Body;
      const bounds = rest.DeviceConfig?.PowerLoadAlarm;
      if (bounds) checkBounds('DeviceConfig.PowerLoadAlarm.Lower', bounds.Lower, bounds.Upper, checkLoadAlarm, 'load_bounds');
      return { metadata: Metadata ?? {}, priceId: Subscription?.PriceId, fields: rest };
    }
  }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Merges `patch` into `target`: objects key by key, anything else (arrays too) replaced. */
export function deepMerge(target: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const merged = { ...target };
  for (const [key, value] of Object.entries(patch)) {
    merged[key] = isPlainObject(value) && isPlainObject(merged[key]) ? deepMerge(merged[key] as Record<string, unknown>, value) : value;
  }
  return merged;
}
