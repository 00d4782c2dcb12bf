CREATE TABLE "delivery_handover_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"delivery_id" uuid NOT NULL,
	"task_id" uuid,
	"user_id" uuid,
	"succeeded" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- A volatile default: PostgreSQL rewrites the table and draws a code for every existing delivery (decision 020).
ALTER TABLE "deliveries" ADD COLUMN "handover_pin" text DEFAULT lpad(((('x' || substr(md5(gen_random_uuid()::text), 1, 12))::bit(48)::bigint % 1000000))::text, 6, '0') NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_handover_attempts" ADD CONSTRAINT "delivery_handover_attempts_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_handover_attempts" ADD CONSTRAINT "delivery_handover_attempts_task_id_delivery_step_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."delivery_step_tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_handover_attempts" ADD CONSTRAINT "delivery_handover_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_handover_attempts_delivery_idx" ON "delivery_handover_attempts" USING btree ("delivery_id","created_at");