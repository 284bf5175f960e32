CREATE TABLE "survey_invitations" (
	"id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"customer_id" text NOT NULL,
	"visit_id" text,
	"site_id" text NOT NULL,
	"language" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "survey_invitations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "ask_after_visit" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "ask_delay_minutes" integer DEFAULT 120 NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "ask_every_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "code_reminder" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "code_reminder_minutes" integer DEFAULT 1440 NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "invite_reminder" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "invite_reminder_minutes" integer DEFAULT 2880 NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "kind" text DEFAULT 'code' NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "invitation_id" text;--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "invitation_id" text;--> statement-breakpoint
ALTER TABLE "survey_invitations" ADD CONSTRAINT "survey_invitations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_invitations" ADD CONSTRAINT "survey_invitations_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "survey_invitations_customer_id_created_at_idx" ON "survey_invitations" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "survey_invitations_site_id_created_at_idx" ON "survey_invitations" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE INDEX "survey_invitations_visit_id_idx" ON "survey_invitations" USING btree ("visit_id") WHERE "survey_invitations"."visit_id" is not null;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_invitation_id_survey_invitations_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."survey_invitations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_invitation_id_survey_invitations_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."survey_invitations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_messages_invitation_id_idx" ON "sms_messages" USING btree ("invitation_id") WHERE "sms_messages"."invitation_id" is not null;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_invitation_id_unique" UNIQUE("invitation_id");--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_feedback_timing" CHECK ("sites"."ask_delay_minutes" >= 0 and "sites"."ask_every_days" >= 1 and "sites"."code_reminder_minutes" >= 1 and "sites"."invite_reminder_minutes" >= 1);--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_kind" CHECK ("sms_messages"."kind" in ('code', 'code_reminder', 'invitation', 'invitation_reminder'));--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_invitation" CHECK (("sms_messages"."invitation_id" is not null) = ("sms_messages"."kind" in ('invitation', 'invitation_reminder')));