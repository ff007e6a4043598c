-- Fleet scale (issue 15, docs/architecture/README.md#fleet-scale): each offline-sweep pass claims the offline
-- reminders due and the triggers the quiet period held through an index, instead of reading every alarm notice
-- (at fleet size tens of thousands, nearly all closed and none held).
CREATE INDEX "alarm_notices_reminder_idx" ON "alarm_notices" USING btree ("notified_at") WHERE "alarm_notices"."alarm" = 'offline' AND "alarm_notices"."open" = true;
CREATE INDEX "alarm_notices_held_idx" ON "alarm_notices" USING btree ("notified_at") WHERE "alarm_notices"."held_since" IS NOT NULL;
