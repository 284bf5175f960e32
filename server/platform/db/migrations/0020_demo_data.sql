ALTER TABLE "registrations" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "registrations_demo_idx" ON "registrations" USING btree ("id") WHERE "registrations"."is_demo";--> statement-breakpoint
-- The demo code an earlier version issued (decision 049): the first registration, as server/db/seed.ts issued it.
UPDATE "registrations" SET "is_demo" = true WHERE "id" = (SELECT "id" FROM "registrations" ORDER BY "created_at", "id" LIMIT 1) AND "source_system" = 'demo' AND "mobile_number" = '+12015550143' AND NOT "is_manual" AND "issued_by_key_id" IS NULL AND "issued_by_staff_id" IS NULL;--> statement-breakpoint
UPDATE "sites" SET "is_demo" = true WHERE NOT "named" AND "id" IN (SELECT "site_id" FROM "registrations" WHERE "is_demo") AND NOT EXISTS (SELECT 1 FROM "registrations" AS "real" WHERE "real"."site_id" = "sites"."id" AND NOT "real"."is_demo");
