-- Alarm consent (issue 9): the channels each user chose for one device's alarms. Only the user sets them; without
-- a row the owner gets every channel its account has on and anyone else e-mail only, so nobody is signed up for
-- SMS (paid from their balance) or push by someone else. Goes with the device and with the user.
CREATE TABLE "alarm_channels" (
	"key" text NOT NULL,
	"user_id" text NOT NULL,
	"email" boolean NOT NULL,
	"sms" boolean NOT NULL,
	"push" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "alarm_channels_pkey" PRIMARY KEY("key","user_id")
);
ALTER TABLE "alarm_channels" ADD CONSTRAINT "alarm_channels_key_devices_key_fk" FOREIGN KEY ("key") REFERENCES "public"."devices"("key") ON DELETE cascade ON UPDATE no action;
ALTER TABLE "alarm_channels" ADD CONSTRAINT "alarm_channels_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
CREATE INDEX "alarm_channels_user_id_idx" ON "alarm_channels" USING btree ("user_id");
