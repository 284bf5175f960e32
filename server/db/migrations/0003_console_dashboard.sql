ALTER TABLE "registrations" ADD COLUMN "opened_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "registrations_created_at_idx" ON "registrations" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "registrations_site_id_created_at_idx" ON "registrations" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE INDEX "surveys_created_at_idx" ON "surveys" USING btree ("created_at");