ALTER TABLE "customers" ADD COLUMN "consent_time_zone" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "consent_client_address" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "consent_user_agent" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "consent_page" text;