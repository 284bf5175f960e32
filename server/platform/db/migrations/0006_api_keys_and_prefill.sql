CREATE TABLE "api_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"scopes" text[] NOT NULL,
	"sites" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "api_keys_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "issued_by_key_id" text;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "prefill_customer_id" text;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_prefill_customer_id_customers_id_fk" FOREIGN KEY ("prefill_customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "registrations_prefill_customer_id_idx" ON "registrations" USING btree ("prefill_customer_id") WHERE "registrations"."prefill_customer_id" is not null;