// When a device's configuration changed (docs/protocol.md, configuration per product). Each product
// builds its configuration from its settings in its module (products/<id>); the server publishes it whenever a
// save changes it.
import type { DeviceConfig } from '../products/registry';

/** Whether two configurations differ (built by deviceConfigOf, so their keys come in the same order). */
export function configChanged(before: DeviceConfig | null, after: DeviceConfig | null): boolean {
  return JSON.stringify(before) !== JSON.stringify(after);
}
