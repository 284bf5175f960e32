ALTER TABLE "sites" ADD COLUMN "sms_window_start" text;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "sms_window_end" text;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "scheduled_for" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_sms_window" CHECK (("sites"."sms_window_start" is null) = ("sites"."sms_window_end" is null));