CREATE TABLE "visits" (
	"id" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"external_id" text NOT NULL,
	"visited_at" timestamp with time zone NOT NULL,
	"mobile_number" text NOT NULL,
	"customer_id" text,
	"package_name" text DEFAULT '' NOT NULL,
	"recorded_by_key_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "visits_site_id_external_id_idx" ON "visits" USING btree ("site_id","external_id");--> statement-breakpoint
CREATE INDEX "visits_mobile_number_visited_at_idx" ON "visits" USING btree ("mobile_number","visited_at");--> statement-breakpoint
CREATE INDEX "visits_customer_id_idx" ON "visits" USING btree ("customer_id") WHERE "visits"."customer_id" is not null;