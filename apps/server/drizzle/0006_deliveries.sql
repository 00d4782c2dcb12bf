CREATE TABLE "contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"firstname" text NOT NULL,
	"lastname" text NOT NULL,
	"email" text,
	"phone_number" text DEFAULT '' NOT NULL,
	"company_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_company_id" uuid NOT NULL,
	"carrier_company_id" uuid,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"live_status_slug" text DEFAULT 'created' NOT NULL,
	"quote_status_slug" text DEFAULT 'draft' NOT NULL,
	"cancel_type_slug" text,
	"live_status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"quote_status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"originator_slug" text DEFAULT 'web' NOT NULL,
	"originator_account_id" uuid,
	"is_scheduled" boolean DEFAULT false NOT NULL,
	"distance_m" integer DEFAULT 0 NOT NULL,
	"original_distance_m" integer DEFAULT 0 NOT NULL,
	"duration_s" integer DEFAULT 0 NOT NULL,
	"original_duration_s" integer DEFAULT 0 NOT NULL,
	"max_volume_cm3" integer DEFAULT 0 NOT NULL,
	"max_weight_kg" double precision DEFAULT 0 NOT NULL,
	"currency_code" text DEFAULT 'GBP' NOT NULL,
	"max_parcel_price_minor" integer DEFAULT 0 NOT NULL,
	"active_step_id" uuid,
	"active_task_id" uuid,
	"lat" double precision,
	"lng" double precision,
	"tracking_code" text NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"delivery_id" uuid NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"driver_user_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"assigned_by_user_id" uuid,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unassigned_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "delivery_location_points" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"delivery_id" uuid NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"speed" double precision,
	"heading" double precision,
	"accuracy" double precision,
	"recorded_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"delivery_id" uuid NOT NULL,
	"price_minor" integer NOT NULL,
	"currency_code" text NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"status_slug" text DEFAULT 'quoted' NOT NULL,
	"created_by_company_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_schedule_windows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"delivery_id" uuid NOT NULL,
	"type_slug" text NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_status_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"delivery_id" uuid NOT NULL,
	"status_type" text NOT NULL,
	"status_slug" text NOT NULL,
	"status_message" text,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_step_task_contacts" (
	"task_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	CONSTRAINT "delivery_step_task_contacts_task_id_contact_id_pk" PRIMARY KEY("task_id","contact_id")
);
--> statement-breakpoint
CREATE TABLE "delivery_step_task_parcels" (
	"task_id" uuid NOT NULL,
	"parcel_id" uuid NOT NULL,
	CONSTRAINT "delivery_step_task_parcels_task_id_parcel_id_pk" PRIMARY KEY("task_id","parcel_id")
);
--> statement-breakpoint
CREATE TABLE "delivery_step_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"step_id" uuid NOT NULL,
	"type_slug" text NOT NULL,
	"task_order_no" integer NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_steps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"delivery_id" uuid NOT NULL,
	"step_order_no" integer NOT NULL,
	"address_id" uuid,
	"lat" double precision,
	"lng" double precision,
	"location_route_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "originator_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"originator_slug" text NOT NULL,
	"name" text NOT NULL,
	"external_id" text,
	"settings" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parcel_contacts" (
	"parcel_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	CONSTRAINT "parcel_contacts_parcel_id_contact_id_pk" PRIMARY KEY("parcel_id","contact_id")
);
--> statement-breakpoint
CREATE TABLE "parcels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"volume_cm3" integer DEFAULT 0 NOT NULL,
	"weight_kg" double precision DEFAULT 0 NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"value_minor" integer,
	"value_currency_code" text,
	"is_fragile" boolean DEFAULT false NOT NULL,
	"tracking_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_owner_company_id_companies_id_fk" FOREIGN KEY ("owner_company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_carrier_company_id_companies_id_fk" FOREIGN KEY ("carrier_company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_live_status_slug_delivery_live_statuses_slug_fk" FOREIGN KEY ("live_status_slug") REFERENCES "public"."delivery_live_statuses"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_quote_status_slug_delivery_quote_statuses_slug_fk" FOREIGN KEY ("quote_status_slug") REFERENCES "public"."delivery_quote_statuses"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_cancel_type_slug_delivery_cancel_types_slug_fk" FOREIGN KEY ("cancel_type_slug") REFERENCES "public"."delivery_cancel_types"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_originator_slug_originator_types_slug_fk" FOREIGN KEY ("originator_slug") REFERENCES "public"."originator_types"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_originator_account_id_originator_accounts_id_fk" FOREIGN KEY ("originator_account_id") REFERENCES "public"."originator_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_assignments" ADD CONSTRAINT "delivery_assignments_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_assignments" ADD CONSTRAINT "delivery_assignments_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_assignments" ADD CONSTRAINT "delivery_assignments_assigned_by_user_id_users_id_fk" FOREIGN KEY ("assigned_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_location_points" ADD CONSTRAINT "delivery_location_points_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_quotes" ADD CONSTRAINT "delivery_quotes_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_quotes" ADD CONSTRAINT "delivery_quotes_status_slug_delivery_quote_statuses_slug_fk" FOREIGN KEY ("status_slug") REFERENCES "public"."delivery_quote_statuses"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_quotes" ADD CONSTRAINT "delivery_quotes_created_by_company_id_companies_id_fk" FOREIGN KEY ("created_by_company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_schedule_windows" ADD CONSTRAINT "delivery_schedule_windows_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_schedule_windows" ADD CONSTRAINT "delivery_schedule_windows_type_slug_delivery_schedule_window_types_slug_fk" FOREIGN KEY ("type_slug") REFERENCES "public"."delivery_schedule_window_types"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_status_records" ADD CONSTRAINT "delivery_status_records_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_status_records" ADD CONSTRAINT "delivery_status_records_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_step_task_contacts" ADD CONSTRAINT "delivery_step_task_contacts_task_id_delivery_step_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."delivery_step_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_step_task_contacts" ADD CONSTRAINT "delivery_step_task_contacts_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_step_task_parcels" ADD CONSTRAINT "delivery_step_task_parcels_task_id_delivery_step_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."delivery_step_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_step_task_parcels" ADD CONSTRAINT "delivery_step_task_parcels_parcel_id_parcels_id_fk" FOREIGN KEY ("parcel_id") REFERENCES "public"."parcels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_step_tasks" ADD CONSTRAINT "delivery_step_tasks_step_id_delivery_steps_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."delivery_steps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_step_tasks" ADD CONSTRAINT "delivery_step_tasks_type_slug_delivery_step_task_types_slug_fk" FOREIGN KEY ("type_slug") REFERENCES "public"."delivery_step_task_types"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_steps" ADD CONSTRAINT "delivery_steps_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_steps" ADD CONSTRAINT "delivery_steps_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "originator_accounts" ADD CONSTRAINT "originator_accounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "originator_accounts" ADD CONSTRAINT "originator_accounts_originator_slug_originator_types_slug_fk" FOREIGN KEY ("originator_slug") REFERENCES "public"."originator_types"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcel_contacts" ADD CONSTRAINT "parcel_contacts_parcel_id_parcels_id_fk" FOREIGN KEY ("parcel_id") REFERENCES "public"."parcels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcel_contacts" ADD CONSTRAINT "parcel_contacts_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcels" ADD CONSTRAINT "parcels_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contacts_company_idx" ON "contacts" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "deliveries_owner_created_idx" ON "deliveries" USING btree ("owner_company_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "deliveries_owner_status_created_idx" ON "deliveries" USING btree ("owner_company_id","live_status_slug","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "deliveries_carrier_created_idx" ON "deliveries" USING btree ("carrier_company_id","created_at" DESC NULLS LAST) WHERE "deliveries"."carrier_company_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_tracking_code_unique" ON "deliveries" USING btree ("tracking_code");--> statement-breakpoint
CREATE INDEX "delivery_assignments_delivery_idx" ON "delivery_assignments" USING btree ("delivery_id","assigned_at");--> statement-breakpoint
CREATE INDEX "delivery_assignments_open_vehicle_idx" ON "delivery_assignments" USING btree ("vehicle_id") WHERE "delivery_assignments"."unassigned_at" is null;--> statement-breakpoint
CREATE INDEX "delivery_location_points_delivery_idx" ON "delivery_location_points" USING btree ("delivery_id","recorded_at");--> statement-breakpoint
CREATE INDEX "delivery_quotes_delivery_idx" ON "delivery_quotes" USING btree ("delivery_id");--> statement-breakpoint
CREATE INDEX "delivery_schedule_windows_delivery_idx" ON "delivery_schedule_windows" USING btree ("delivery_id");--> statement-breakpoint
CREATE INDEX "delivery_schedule_windows_start_idx" ON "delivery_schedule_windows" USING btree ("start_at");--> statement-breakpoint
CREATE INDEX "delivery_status_records_delivery_idx" ON "delivery_status_records" USING btree ("delivery_id","created_at");--> statement-breakpoint
CREATE INDEX "dstp_parcel_idx" ON "delivery_step_task_parcels" USING btree ("parcel_id");--> statement-breakpoint
CREATE INDEX "delivery_step_tasks_step_idx" ON "delivery_step_tasks" USING btree ("step_id");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_steps_order_unique" ON "delivery_steps" USING btree ("delivery_id","step_order_no");--> statement-breakpoint
CREATE INDEX "parcels_company_idx" ON "parcels" USING btree ("company_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "parcels_tracking_code_unique" ON "parcels" USING btree ("tracking_code");