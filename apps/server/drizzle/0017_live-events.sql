CREATE TABLE "events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"delivery_id" uuid,
	"owner_company_id" uuid NOT NULL,
	"carrier_company_id" uuid,
	"driver_user_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "events_created_at_idx" ON "events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "events_owner_idx" ON "events" USING btree ("owner_company_id","id");--> statement-breakpoint
CREATE INDEX "events_carrier_idx" ON "events" USING btree ("carrier_company_id","id");--> statement-breakpoint
CREATE INDEX "events_drivers_idx" ON "events" USING gin ("driver_user_ids");