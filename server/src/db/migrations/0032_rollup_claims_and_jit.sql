-- The rollup job claims due marks in shard order (history/rollups.ts rollUpBatch, docs/architecture/README.md#rollups):
-- through this index it stops after a batch instead of sorting every due mark (100,000 devices: 100,000 marks an hour
-- each claim sorted on disk, 190 ms).
CREATE INDEX "reading_rollup_pending_claim_idx" ON "reading_rollup_pending" USING btree ((hashtext("key") & 255), "key", "hour");

-- No JIT for Paddock's queries (docs/architecture/readings.md): they are short index reads, and a plan over many
-- daily partitions can pass jit_above_cost and spend half a second compiling for a 10 ms read (the dashboard's trend
-- call did, at 300 devices × 21 days). For the connections opened after this; a role that does not own the database
-- leaves it to the operator (docs/operations/configure.md).
DO $$
BEGIN
	EXECUTE format('ALTER DATABASE %I SET jit = off', current_database());
EXCEPTION WHEN insufficient_privilege THEN
	RAISE NOTICE 'jit stays as configured: this role may not change the database''s settings';
END $$;
