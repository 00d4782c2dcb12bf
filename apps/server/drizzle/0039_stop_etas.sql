CREATE TABLE "stop_etas" (
	"delivery_step_id" uuid PRIMARY KEY NOT NULL,
	"delivery_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"driver_user_id" uuid NOT NULL,
	"route_position" integer NOT NULL,
	"distance_m" integer NOT NULL,
	"duration_s" integer NOT NULL,
	"arrive_at" timestamp with time zone NOT NULL,
	"earliest_at" timestamp with time zone NOT NULL,
	"latest_at" timestamp with time zone NOT NULL,
	"speed_ms" double precision NOT NULL,
	"speed_source" text NOT NULL,
	"position_at" timestamp with time zone NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	"published_arrive_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "stop_etas" ADD CONSTRAINT "stop_etas_delivery_step_id_delivery_steps_id_fk" FOREIGN KEY ("delivery_step_id") REFERENCES "public"."delivery_steps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stop_etas" ADD CONSTRAINT "stop_etas_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stop_etas" ADD CONSTRAINT "stop_etas_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stop_etas" ADD CONSTRAINT "stop_etas_driver_user_id_users_id_fk" FOREIGN KEY ("driver_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stop_etas_delivery_idx" ON "stop_etas" USING btree ("delivery_id");--> statement-breakpoint
CREATE INDEX "stop_etas_driver_idx" ON "stop_etas" USING btree ("driver_user_id");