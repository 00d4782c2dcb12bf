CREATE TABLE "parcel_scans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"delivery_id" uuid NOT NULL,
	"parcel_id" uuid NOT NULL,
	"step_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid,
	"scanned_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "parcel_scans" ADD CONSTRAINT "parcel_scans_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcel_scans" ADD CONSTRAINT "parcel_scans_parcel_id_parcels_id_fk" FOREIGN KEY ("parcel_id") REFERENCES "public"."parcels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcel_scans" ADD CONSTRAINT "parcel_scans_step_id_delivery_steps_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."delivery_steps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcel_scans" ADD CONSTRAINT "parcel_scans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "parcel_scans_parcel_step_unique" ON "parcel_scans" USING btree ("parcel_id","step_id");--> statement-breakpoint
CREATE INDEX "parcel_scans_delivery_idx" ON "parcel_scans" USING btree ("delivery_id","scanned_at");