CREATE TABLE "consent_history" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" integer GENERATED ALWAYS AS IDENTITY (sequence name "consent_history_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" text NOT NULL,
	"channel" text DEFAULT 'sms' NOT NULL,
	"action" text NOT NULL,
	"source" text NOT NULL,
	"keyword" text,
	"message_sid" text,
	"sender_number" text,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "consent_history_action" CHECK ("consent_history"."action" in ('agreed', 'withdrawn', 'opted_in')),
	CONSTRAINT "consent_history_channel" CHECK ("consent_history"."channel" in ('sms'))
);
--> statement-breakpoint
CREATE TABLE "sms_inbound_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"message_sid" text NOT NULL,
	"from_number" text NOT NULL,
	"to_number" text NOT NULL,
	"body" text NOT NULL,
	"keyword" text,
	"keyword_kind" text,
	"keyword_language" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_inbound_messages_message_sid_unique" UNIQUE("message_sid")
);
--> statement-breakpoint
CREATE TABLE "sms_suppressions" (
	"mobile_number" text PRIMARY KEY NOT NULL,
	"keyword" text NOT NULL,
	"message_sid" text NOT NULL,
	"sender_number" text NOT NULL,
	"opted_out_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consent_history" ADD CONSTRAINT "consent_history_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_history_customer_id_idx" ON "consent_history" USING btree ("customer_id","at","seq");--> statement-breakpoint
CREATE INDEX "sms_inbound_messages_from_number_idx" ON "sms_inbound_messages" USING btree ("from_number","received_at");--> statement-breakpoint
CREATE INDEX "sms_inbound_messages_received_at_idx" ON "sms_inbound_messages" USING btree ("received_at");