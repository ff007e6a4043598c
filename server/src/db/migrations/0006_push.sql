-- Notifications, continued (issue 4). A trigger the quiet period held back, told when the period is over if the
-- alarm is still on then:
ALTER TABLE "alarm_notices" ADD COLUMN "held_since" timestamp with time zone;
-- Web Push: the VAPID key pair the server signs push messages with, made on first start when the
-- environment names none, and shared by every server instance. The tokens themselves stay in users.push_tokens.
CREATE TABLE "server_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
