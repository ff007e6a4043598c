// SQL conditions that a partial index and the queries it serves must spell the same way (PostgreSQL uses a partial
// index only for a query whose condition implies the index's).

/**
 * A device with any alarm triggered: an alarm object whose Triggered is true, or SmartPlug2's plain ConnectionLost
 * (the products' alarm sources, shared/products). Used by devices_alarms_triggered_idx (migration 0014) and the
 * fleet statistics (admin/stats.ts).
 */
export const ALARMS_TRIGGERED = `(fields @? '$.*.Triggered ? (@ == true)' OR fields @> '{"ConnectionLost": true}')`;
