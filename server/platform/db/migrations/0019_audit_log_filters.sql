DROP INDEX "audit_events_at_idx";--> statement-breakpoint
CREATE INDEX "audit_events_at_id_idx" ON "audit_events" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "audit_events_actor_at_id_idx" ON "audit_events" USING btree ("actor_kind","actor_id","at","id");--> statement-breakpoint
CREATE INDEX "audit_events_action_at_id_idx" ON "audit_events" USING btree ("action","at","id");