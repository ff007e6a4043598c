// Raw device readings: daily partitions, their retention and compaction (docs/architecture/readings.md).
export { readingsBacklog } from './compaction';
export { coverReadingDays, forgetCoveredDays, rawReadingsKeptSince, rawReadingsSince } from './partitions';
