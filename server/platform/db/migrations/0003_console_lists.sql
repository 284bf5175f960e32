ALTER TABLE "registrations" ADD COLUMN "opened_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "customers_created_at_id_idx" ON "customers" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "customers_first_name_search_idx" ON "customers" USING btree (lower("first_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "customers_last_name_search_idx" ON "customers" USING btree (lower("last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "customers_email_search_idx" ON "customers" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "customers_mobile_last_four_idx" ON "customers" USING btree (right("mobile_number", 4));--> statement-breakpoint
CREATE INDEX "registrations_created_at_idx" ON "registrations" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "registrations_site_id_created_at_idx" ON "registrations" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE INDEX "registrations_completed_at_idx" ON "registrations" USING btree ("completed_at");--> statement-breakpoint
CREATE INDEX "registrations_site_id_completed_at_idx" ON "registrations" USING btree ("site_id","completed_at");--> statement-breakpoint
CREATE INDEX "surveys_created_at_id_idx" ON "surveys" USING btree ("created_at","id");