-- Reports by e-mail (issue 32, docs/product/reports.md): each user chooses none, weekly or monthly (none until they
-- choose). A report of a period is sent once: the instance that sends it first inserts its row here, in the
-- transaction that queues the mail (the jobs outbox), and any other instance, rerun or restart finds the row and
-- sends nothing. A period is named by its first day on the owner's wall clock. Rows go with their user.
ALTER TABLE "users" ADD COLUMN "report_frequency" text DEFAULT 'none' NOT NULL;
CREATE TABLE "report_sends" (
  "user_id" text NOT NULL,
  "frequency" text NOT NULL,
  "period_start" text NOT NULL,
  "sent_at" timestamp with time zone NOT NULL,
  CONSTRAINT "report_sends_pkey" PRIMARY KEY ("user_id", "frequency", "period_start"),
  CONSTRAINT "report_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE
);
