-- Ingest writes what it must (docs/architecture/README.md#ingest, docs/architecture/readings.md): a reading's update
-- of its device's row is HOT only while the page has room for the new version. The old versions are pruned only once
-- no snapshot can see them, and an open transaction on the database (autoanalyze of a readings partition, a long
-- report) keeps them, so the room needed grows with every batch it lasts. At 70 (0027) a page of ~1 KB rows had room
-- for one round: scripts/benchWal.ts measured 94 % HOT on a quiet server and 35 % with a snapshot held 3 s at a time;
-- at 50, 99 % and 52 % (and 43 B less WAL a reading: fewer new index entries). The table takes ~1.4 × the pages
-- (the admin statistics' scan of devices reads them all: 1.2-1.4 × slower in a 100,000-row test under load).
-- A catalog change only (SHARE UPDATE EXCLUSIVE: reads and writes go on); new and moved rows get the room, the rows
-- already stored settle as they move.
ALTER TABLE "devices" SET (fillfactor = 50);
