CREATE TABLE "sites" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"time_zone" text,
	"review_url" text,
	"active" boolean DEFAULT true NOT NULL,
	"named" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Every site id already in the data becomes a site named "Site {id}", waiting for an owner to name it: nothing is lost.
INSERT INTO "sites" ("id", "name")
SELECT "site_id", 'Site ' || "site_id" FROM (
	SELECT "site_id" FROM "registrations"
	UNION SELECT unnest("sites") FROM "staff"
	UNION SELECT unnest("sites") FROM "api_keys"
) AS "known" ("site_id")
ON CONFLICT ("id") DO NOTHING;
