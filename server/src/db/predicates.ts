// SQL conditions that a partial index and the queries it serves must spell the same way (PostgreSQL uses a partial
// index only for a query whose condition implies the index's).

/**
 * A device with any alarm triggered: an alarm object whose Triggered is true, or SmartPlug2's plain ConnectionLost
 * (the products' alarm sources, shared/products). The rule the trigger of migration 0027 keeps devices.alarms_triggered
 * by (that column, not `fields`, is indexed, so a reading's update stays HOT: docs/architecture/README.md#ingest).
 */
export const ALARMS_RULE = `(NEW."fields" @? '$.*.Triggered ? (@ == true)' OR NEW."fields" @> '{"ConnectionLost": true}')`;

/** Used by devices_alarms_idx (migration 0027) and the fleet statistics (admin/stats.ts). */
export const ALARMS_TRIGGERED = `alarms_triggered`;
