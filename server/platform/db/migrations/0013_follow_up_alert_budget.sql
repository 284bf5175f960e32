CREATE TABLE "follow_up_alert_windows" (
	"staff_id" text PRIMARY KEY NOT NULL,
	"next_mail_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "follow_up_alerts" (
	"staff_id" text NOT NULL,
	"case_id" text NOT NULL,
	"kind" text NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mailed_at" timestamp with time zone,
	CONSTRAINT "follow_up_alerts_staff_id_case_id_kind_pk" PRIMARY KEY("staff_id","case_id","kind"),
	CONSTRAINT "follow_up_alerts_kind" CHECK ("follow_up_alerts"."kind" in ('opened', 'overdue'))
);
--> statement-breakpoint
ALTER TABLE "follow_up_alert_windows" ADD CONSTRAINT "follow_up_alert_windows_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_alerts" ADD CONSTRAINT "follow_up_alerts_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_alerts" ADD CONSTRAINT "follow_up_alerts_case_id_follow_up_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."follow_up_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "follow_up_alerts_case_id_idx" ON "follow_up_alerts" USING btree ("case_id");--> statement-breakpoint
CREATE INDEX "follow_up_alerts_waiting_idx" ON "follow_up_alerts" USING btree ("staff_id","queued_at") WHERE "follow_up_alerts"."mailed_at" is null;