CREATE TABLE "calendar_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"all_day" boolean DEFAULT false NOT NULL,
	"color" text,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_step_task_proofs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"delivery_id" uuid NOT NULL,
	"step_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"proof_type_slug" text NOT NULL,
	"document_type_slug" text NOT NULL,
	"proof_name" text NOT NULL,
	"is_checked" boolean DEFAULT false NOT NULL,
	"is_valid" boolean DEFAULT true NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"noteable_type_slug" text NOT NULL,
	"noteable_id" uuid NOT NULL,
	"note_type_slug" text NOT NULL,
	"parent_note_id" uuid,
	"thread_note_id" uuid,
	"message" text NOT NULL,
	"created_by_user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_step_task_proofs" ADD CONSTRAINT "delivery_step_task_proofs_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_step_task_proofs" ADD CONSTRAINT "delivery_step_task_proofs_step_id_delivery_steps_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."delivery_steps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_step_task_proofs" ADD CONSTRAINT "delivery_step_task_proofs_task_id_delivery_step_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."delivery_step_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_step_task_proofs" ADD CONSTRAINT "delivery_step_task_proofs_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_step_task_proofs" ADD CONSTRAINT "delivery_step_task_proofs_document_type_slug_document_types_slug_fk" FOREIGN KEY ("document_type_slug") REFERENCES "public"."document_types"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_step_task_proofs" ADD CONSTRAINT "delivery_step_task_proofs_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_noteable_type_slug_noteable_types_slug_fk" FOREIGN KEY ("noteable_type_slug") REFERENCES "public"."noteable_types"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_note_type_slug_note_types_slug_fk" FOREIGN KEY ("note_type_slug") REFERENCES "public"."note_types"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_parent_note_id_notes_id_fk" FOREIGN KEY ("parent_note_id") REFERENCES "public"."notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_thread_note_id_notes_id_fk" FOREIGN KEY ("thread_note_id") REFERENCES "public"."notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calendar_events_company_range_idx" ON "calendar_events" USING btree ("company_id","start_at","end_at");--> statement-breakpoint
CREATE INDEX "delivery_step_task_proofs_delivery_idx" ON "delivery_step_task_proofs" USING btree ("delivery_id","created_at");--> statement-breakpoint
CREATE INDEX "notes_noteable_idx" ON "notes" USING btree ("company_id","noteable_type_slug","noteable_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "notes"."parent_note_id" is null and "notes"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "notes_thread_idx" ON "notes" USING btree ("thread_note_id");--> statement-breakpoint
CREATE INDEX "notes_parent_idx" ON "notes" USING btree ("parent_note_id");