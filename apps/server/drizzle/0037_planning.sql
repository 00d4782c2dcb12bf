CREATE TABLE "auto_assign_outcomes" (
	"delivery_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_drafts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"route_day" date NOT NULL,
	"status" text DEFAULT 'solving' NOT NULL,
	"engine" text NOT NULL,
	"driver_user_ids" uuid[] NOT NULL,
	"delivery_ids" uuid[] NOT NULL,
	"requested_by_user_id" uuid,
	"result" jsonb,
	"board_fingerprint" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"applied_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "route_stops" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"driver_user_id" uuid NOT NULL,
	"route_day" date NOT NULL,
	"delivery_id" uuid NOT NULL,
	"delivery_step_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"planned_arrival_at" timestamp with time zone,
	"planned_departure_at" timestamp with time zone,
	"locked" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "time_zone" text DEFAULT 'Europe/London' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "auto_assign" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "driver_infos" ADD COLUMN "shift_start_minute" integer DEFAULT 480 NOT NULL;--> statement-breakpoint
ALTER TABLE "driver_infos" ADD COLUMN "shift_end_minute" integer DEFAULT 1080 NOT NULL;--> statement-breakpoint
ALTER TABLE "driver_infos" ADD COLUMN "break_minutes" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "driver_infos" ADD COLUMN "break_from_minute" integer DEFAULT 720 NOT NULL;--> statement-breakpoint
ALTER TABLE "driver_infos" ADD COLUMN "break_until_minute" integer DEFAULT 840 NOT NULL;--> statement-breakpoint
ALTER TABLE "driver_infos" ADD COLUMN "shift_start_address_id" uuid;--> statement-breakpoint
ALTER TABLE "driver_infos" ADD COLUMN "shift_end_address_id" uuid;--> statement-breakpoint
ALTER TABLE "driver_infos" ADD COLUMN "usual_vehicle_id" uuid;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "capacity_kg" double precision;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "capacity_volume_cm3" integer;--> statement-breakpoint
ALTER TABLE "auto_assign_outcomes" ADD CONSTRAINT "auto_assign_outcomes_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_assign_outcomes" ADD CONSTRAINT "auto_assign_outcomes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_drafts" ADD CONSTRAINT "plan_drafts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_drafts" ADD CONSTRAINT "plan_drafts_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_stops" ADD CONSTRAINT "route_stops_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_stops" ADD CONSTRAINT "route_stops_driver_user_id_users_id_fk" FOREIGN KEY ("driver_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_stops" ADD CONSTRAINT "route_stops_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_stops" ADD CONSTRAINT "route_stops_delivery_step_id_delivery_steps_id_fk" FOREIGN KEY ("delivery_step_id") REFERENCES "public"."delivery_steps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plan_drafts_company_day_idx" ON "plan_drafts" USING btree ("company_id","route_day","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "plan_drafts_solving_idx" ON "plan_drafts" USING btree ("status") WHERE status = 'solving';--> statement-breakpoint
CREATE UNIQUE INDEX "route_stops_company_step_unique" ON "route_stops" USING btree ("company_id","delivery_step_id");--> statement-breakpoint
CREATE INDEX "route_stops_route_idx" ON "route_stops" USING btree ("company_id","route_day","driver_user_id","position");--> statement-breakpoint
CREATE INDEX "route_stops_delivery_idx" ON "route_stops" USING btree ("delivery_id");--> statement-breakpoint
ALTER TABLE "driver_infos" ADD CONSTRAINT "driver_infos_shift_start_address_id_addresses_id_fk" FOREIGN KEY ("shift_start_address_id") REFERENCES "public"."addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_infos" ADD CONSTRAINT "driver_infos_shift_end_address_id_addresses_id_fk" FOREIGN KEY ("shift_end_address_id") REFERENCES "public"."addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_infos" ADD CONSTRAINT "driver_infos_usual_vehicle_id_vehicles_id_fk" FOREIGN KEY ("usual_vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE set null ON UPDATE no action;