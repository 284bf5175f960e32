CREATE TABLE "customers" (
	"id" text PRIMARY KEY NOT NULL,
	"registration_id" text NOT NULL,
	"mobile_number" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"address" text NOT NULL,
	"address2" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"region" text NOT NULL,
	"postal_code" text NOT NULL,
	"email" text NOT NULL,
	"vehicle_year" integer NOT NULL,
	"vehicle_make" text NOT NULL,
	"vehicle_model" text NOT NULL,
	"vehicle_color" text NOT NULL,
	"is_subscribed_to_newsletters" boolean NOT NULL,
	"newsletter_consent_at" timestamp with time zone,
	"is_subscribed_to_sms_messaging" boolean NOT NULL,
	"sms_consent_at" timestamp with time zone,
	"consent_version" text NOT NULL,
	"is_agreed_to_terms" boolean NOT NULL,
	"terms_agreed_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_registration_id_unique" UNIQUE("registration_id")
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" integer,
	"body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE TABLE "registrations" (
	"id" text PRIMARY KEY NOT NULL,
	"token_hash" text,
	"mobile_number" text NOT NULL,
	"plan_name" text DEFAULT '' NOT NULL,
	"amount_cents" integer DEFAULT 0 NOT NULL,
	"recharge_date" date,
	"sale_date" timestamp with time zone NOT NULL,
	"site_id" text DEFAULT '0' NOT NULL,
	"source_system" text DEFAULT '' NOT NULL,
	"is_returning_customer" boolean DEFAULT false NOT NULL,
	"is_manual" boolean DEFAULT false NOT NULL,
	"is_completed" boolean DEFAULT false NOT NULL,
	"completed_at" timestamp with time zone,
	"customer_id" text,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registrations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "surveys" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"recommend_to_others_score" smallint DEFAULT 0 NOT NULL,
	"wash_quality_score" smallint DEFAULT 0 NOT NULL,
	"cleanliness_score" smallint DEFAULT 0 NOT NULL,
	"service_score" smallint DEFAULT 0 NOT NULL,
	"value_score" smallint DEFAULT 0 NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "surveys_scores_range" CHECK ("surveys"."recommend_to_others_score" between 0 and 10 and "surveys"."wash_quality_score" between 0 and 10 and "surveys"."cleanliness_score" between 0 and 10 and "surveys"."service_score" between 0 and 10 and "surveys"."value_score" between 0 and 10)
);
--> statement-breakpoint
CREATE TABLE "vehicle_models" (
	"make" text NOT NULL,
	"model" text NOT NULL,
	CONSTRAINT "vehicle_models_make_model_pk" PRIMARY KEY("make","model")
);
--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customers_mobile_number_idx" ON "customers" USING btree ("mobile_number","created_at");--> statement-breakpoint
CREATE INDEX "registrations_mobile_number_idx" ON "registrations" USING btree ("mobile_number");--> statement-breakpoint
CREATE INDEX "surveys_customer_id_idx" ON "surveys" USING btree ("customer_id");