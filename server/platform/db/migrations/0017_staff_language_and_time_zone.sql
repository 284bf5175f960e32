ALTER TABLE "staff" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "time_zone" text;