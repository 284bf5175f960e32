ALTER TABLE "customers" ADD COLUMN "license_plate" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "license_plate_state" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "consent_language" text DEFAULT 'en' NOT NULL;