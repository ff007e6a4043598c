// What a product module holds: everything that is true of one product (docs/product/products/<id>.md, docs/protocol.md).
// Each products/<id>/index.ts defines one with defineProduct; the registry (index.ts) lists them.
import type { Static, TObject, TSchema } from '@sinclair/typebox';
import type { AlarmSource } from '../domain/alarmNotifications';
import type { FieldsPatch } from '../domain/alarmState';
import type { DeviceKeyField } from '../domain/deviceKeys';
import type { HistoryMeasure } from '../domain/logs';
import type { PriceKey } from '../domain/money';
import type { WarningCode } from '../domain/warnings';
import type { ProductId } from './ids';

/**
 * How the power switch of a plug is worked (docs/product/states.md): 'command' through PUT {collection}/{key}/power-enabled,
 * 'config' by PATCHing DeviceConfig.OutputPower; null: the product has no switch.
 */
export type PowerSwitch = 'command' | 'config' | null;

/** The facts the screens and paths need (docs/product/overview.md, docs/product/devices.md, docs/product/api.md); brand names are not translated. */
export interface ProductInfo<P extends ProductId = ProductId, ListKey extends string = string> {
  id: P;
  /** Route-card id (docs/product/overview.md: farm-cam-sim for the SIM, else the data key). */
  routeId: string;
  /** Brand name shown on cards and titles. */
  name: string;
  keyField: DeviceKeyField;
  /** The array of the device-list reply that holds this product's devices (docs/product/devices.md). */
  listKey: ListKey;
  /** The product-type tag the client adds to a device's tags (docs/product/devices.md). */
  typeTag: string;
  /** The API collection: /farmcam-sims/{imsi}, /fencealarms/{imei}, … (docs/product/api.md). */
  apiCollection: string;
  /** docs/product/api.md: FenceAlarm2 and SmartPlug2 nest metadata under `Metadata` and the plan under `Subscription`. */
  nestsMetadata: boolean;
  power: PowerSwitch;
  /**
   * docs/product/states.md Plans and renewal: the catalogue keys it can subscribe to, in the selector's order; how
   * long one payment runs is the key's (pricePeriod: …Month, …Year, the SIM plans monthly).
   */
  plans: readonly PriceKey[];
  /** Staff's add-trial grants data too (bytes), not only days (docs/product/admin.md "Trials and cancellation"). */
  trialData: boolean;
  /** It takes firmware over the air (admin FOTA, docs/protocol.md). */
  firmwareUpdates: boolean;
  /** Staff can reset its consumption counter by a command it acknowledges (docs/protocol.md). */
  consumptionReset: boolean;
}

/**
 * What a product does with a device, typed by its representation, reading and configuration, with no schema in it:
 * the dashboard reads these without loading TypeBox (docs/architecture/README.md#budgets). Each products/<id>/rules.ts
 * holds one; its module adds the schemas.
 */
export interface ProductRules<Device, Reading, Config> {
  /** docs/product/screens.md: the charts of its log page, in page order. */
  histories: readonly HistoryMeasure[];
  /** docs/product/screens.md /devices: the measure its card's trend line draws (what the card shows first), one of `histories`. */
  trend: HistoryMeasure;
  /** Its reporting interval (s) while a device has not announced one in its status. */
  defaultReportingSeconds: number;
  /** The alarms people are told about (alarmNotifications), where each sits in the representation. */
  notifiedAlarms: readonly AlarmSource[];
  /** The live values and alarm states one reading (measured at `at`) sets; alarm bounds are read from `device`. */
  readingPatch(device: Device, reading: Reading, at: Date): FieldsPatch;
  /**
   * The part of readingPatch that depends on the reading alone (its values and time, no setting, no earlier reading):
   * the server keeps it in the stored reading only and reads it from there (docs/architecture/README.md#ingest), so a
   * reading does not rewrite the device's fields. Absent: every reading writes the fields (a FarmCam SIM's account).
   */
  liveValues?(reading: Reading, at: Date): FieldsPatch;
  /** When the newest reading already applied was measured (null: none yet, or the product keeps no time). */
  lastReadingAt(device: Device): string | null;
  /** Offline as the product shows it (docs/product/devices.md). */
  offlinePatch(offline: boolean): FieldsPatch;
  /** docs/product/screens.md, docs/product/states.md: the dashboard card's warnings, in a fixed order. */
  warnings(device: Device, now: Date): WarningCode[];
  /** The configuration a device must run, built from its settings; null when the product takes none. */
  config(device: Device): Config | null;
}

/**
 * One product. `Schema` is its representation (docs/product/devices.md), `Reading` its `up/reading` payload, `Config` the
 * configuration it runs (`down/config`; null: it takes none). The rules are typed by those schemas, so the
 * registry can call them without casts.
 */
export interface ProductModule<
  P extends ProductId = ProductId,
  ListKey extends string = string,
  Schema extends TObject = TObject,
  Reading extends TObject = TObject,
  Config extends TObject | null = TObject | null,
> extends ProductInfo<P, ListKey>,
    ProductRules<Static<Schema>, Static<Reading>, Static<NonNullable<Config>>> {
  schema: Schema;
  readingSchema: Reading;
  configSchema: Config;
  /** The body staff add a trial with (docs/product/admin.md "Trials and cancellation"). */
  trialSchema: TSchema;
}

/** A product module with its types inferred from the object (literal list key, exact schemas). */
export function defineProduct<
  const P extends ProductId,
  const ListKey extends string,
  Schema extends TObject,
  Reading extends TObject,
  Config extends TObject | null,
>(module: ProductModule<P, ListKey, Schema, Reading, Config>): ProductModule<P, ListKey, Schema, Reading, Config> {
  return module;
}
