CREATE TABLE "follow_up_cases" (
	"id" text PRIMARY KEY NOT NULL,
	"survey_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"site_id" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"assignee_id" text,
	"opened_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"contacted_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"root_cause" text,
	"resolution_note" text,
	"escalated_at" timestamp with time zone,
	CONSTRAINT "follow_up_cases_survey_id_unique" UNIQUE("survey_id"),
	CONSTRAINT "follow_up_cases_status" CHECK ("follow_up_cases"."status" in ('open', 'contacted', 'resolved'))
);
--> statement-breakpoint
CREATE TABLE "follow_up_events" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" integer GENERATED ALWAYS AS IDENTITY (sequence name "follow_up_events_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"case_id" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" text,
	"kind" text NOT NULL,
	"text" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "follow_up_cases" ADD CONSTRAINT "follow_up_cases_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_cases" ADD CONSTRAINT "follow_up_cases_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_cases" ADD CONSTRAINT "follow_up_cases_assignee_id_staff_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_events" ADD CONSTRAINT "follow_up_events_case_id_follow_up_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."follow_up_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "follow_up_cases_status_due_at_idx" ON "follow_up_cases" USING btree ("status","due_at");--> statement-breakpoint
CREATE INDEX "follow_up_cases_site_id_idx" ON "follow_up_cases" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "follow_up_cases_customer_id_idx" ON "follow_up_cases" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "follow_up_events_case_id_at_idx" ON "follow_up_events" USING btree ("case_id","at","seq");