CREATE TABLE "recipient_instructions" (
	"step_id" uuid PRIMARY KEY NOT NULL,
	"delivery_id" uuid NOT NULL,
	"door_code" text DEFAULT '' NOT NULL,
	"safe_place" text DEFAULT '' NOT NULL,
	"call_on_arrival" boolean DEFAULT false NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recipient_message_settings" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"arriving_soon_minutes" integer DEFAULT 10 NOT NULL,
	"quiet_from" text DEFAULT '21:00' NOT NULL,
	"quiet_until" text DEFAULT '08:00' NOT NULL,
	"send_at_night" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recipient_message_templates" (
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"channels" text NOT NULL,
	"sms_body" text NOT NULL,
	"email_subject" text NOT NULL,
	"email_body" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recipient_message_templates_company_id_kind_pk" PRIMARY KEY("company_id","kind")
);
--> statement-breakpoint
CREATE TABLE "recipient_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"delivery_id" uuid NOT NULL,
	"step_id" uuid,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"event_key" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"provider" text,
	"provider_message_id" text,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"send_after" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"opt_out_token" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recipient_opt_outs" (
	"company_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"address" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recipient_opt_outs_company_id_channel_address_pk" PRIMARY KEY("company_id","channel","address")
);
--> statement-breakpoint
CREATE TABLE "recipient_ratings" (
	"delivery_id" uuid PRIMARY KEY NOT NULL,
	"stars" smallint NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recipient_ratings_stars_check" CHECK ("recipient_ratings"."stars" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "channel" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "recipient_instructions" ADD CONSTRAINT "recipient_instructions_step_id_delivery_steps_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."delivery_steps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipient_instructions" ADD CONSTRAINT "recipient_instructions_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipient_message_settings" ADD CONSTRAINT "recipient_message_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipient_message_templates" ADD CONSTRAINT "recipient_message_templates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipient_messages" ADD CONSTRAINT "recipient_messages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipient_messages" ADD CONSTRAINT "recipient_messages_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipient_messages" ADD CONSTRAINT "recipient_messages_step_id_delivery_steps_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."delivery_steps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipient_opt_outs" ADD CONSTRAINT "recipient_opt_outs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipient_ratings" ADD CONSTRAINT "recipient_ratings_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "recipient_messages_opt_out_token_unique" ON "recipient_messages" USING btree ("opt_out_token");--> statement-breakpoint
CREATE UNIQUE INDEX "recipient_messages_once_unique" ON "recipient_messages" USING btree ("event_key","channel","to_address");--> statement-breakpoint
CREATE INDEX "recipient_messages_delivery_idx" ON "recipient_messages" USING btree ("delivery_id","created_at");--> statement-breakpoint
CREATE INDEX "recipient_messages_provider_idx" ON "recipient_messages" USING btree ("provider_message_id");--> statement-breakpoint
CREATE INDEX "recipient_messages_to_idx" ON "recipient_messages" USING btree ("to_address","created_at");