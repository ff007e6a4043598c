// When a save changes what a device must run: the next Version, ConfigSync.Pending until the device reports it,
// and the message to publish (docs/protocol.md, Configuration). Pure, so the API applies it inside
// its row lock and publishes after the commit.
import type { DeviceConfigMessage } from '@paddock/shared/contract';
import { configChanged, deviceConfigOf, type ProductId } from '@paddock/shared/domain';
import { deepMerge } from '../changes';

export interface ConfiguredState {
  fields: Record<string, unknown>;
  configVersion: number;
  /** What to publish (retained on down/config); null when the configuration did not change. */
  message: DeviceConfigMessage | null;
}

/**
 * The device's state after its fields go from `before` to `after` (`before` null: just registered, the device has
 * never been told): an unchanged configuration (or none, FarmCam SIM) keeps the version; a new one gets the next
 * version and a pending sync.
 */
export function configAfterChange(
  product: ProductId,
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
  configVersion: number,
): ConfiguredState {
  const next = deviceConfigOf(product, after);
  if (!next || (before && !configChanged(deviceConfigOf(product, before), next))) return { fields: after, configVersion, message: null };
  const version = configVersion + 1;
  const appliedAt = (after.ConfigSync as { AppliedAt?: string | null } | undefined)?.AppliedAt ?? null;
  return {
    fields: deepMerge(after, { ConfigSync: { Pending: true, AppliedAt: appliedAt } }),
    configVersion: version,
    message: { ...next, Version: version },
  };
}
