CREATE TABLE "driver_positions" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"speed" double precision,
	"heading" double precision,
	"accuracy" double precision,
	"recorded_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "delivery_location_points_delivery_idx";--> statement-breakpoint
-- The primary key includes recorded_at, so the table can be partitioned by month on PostgreSQL (decision 022).
ALTER TABLE "delivery_location_points" DROP CONSTRAINT "delivery_location_points_pkey";--> statement-breakpoint
ALTER TABLE "delivery_location_points" ADD CONSTRAINT "delivery_location_points_pkey" PRIMARY KEY("recorded_at","id");--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "location_recorded_at" timestamp with time zone;--> statement-breakpoint
-- A volatile default: PostgreSQL rewrites the table and draws a token for every existing delivery (decision 022).
ALTER TABLE "deliveries" ADD COLUMN "tracking_token" text DEFAULT translate(encode(decode(replace(gen_random_uuid()::text || gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '+/', '-_') NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_location_points" ADD COLUMN "driver_user_id" uuid;--> statement-breakpoint
ALTER TABLE "driver_positions" ADD CONSTRAINT "driver_positions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_location_points" ADD CONSTRAINT "delivery_location_points_driver_user_id_users_id_fk" FOREIGN KEY ("driver_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_tracking_token_unique" ON "deliveries" USING btree ("tracking_token");--> statement-breakpoint
CREATE INDEX "delivery_assignments_drivers_idx" ON "delivery_assignments" USING gin ("driver_user_ids");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_location_points_delivery_time_driver_unique" ON "delivery_location_points" USING btree ("delivery_id","recorded_at","driver_user_id");