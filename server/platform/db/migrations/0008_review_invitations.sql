ALTER TABLE "surveys" ADD COLUMN "review_url" text;--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "review_opened_at" timestamp with time zone;