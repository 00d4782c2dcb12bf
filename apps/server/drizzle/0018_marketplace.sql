CREATE TABLE "auctions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"delivery_id" uuid NOT NULL,
	"owner_company_id" uuid NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"urgency" text NOT NULL,
	"vehicle_size_slug" text NOT NULL,
	"reserve_minor" integer,
	"currency_code" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"summary" jsonb NOT NULL,
	"pickup_lat" double precision,
	"pickup_lng" double precision,
	"distance_m" integer NOT NULL,
	"duration_s" integer NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"award_by" timestamp with time zone NOT NULL,
	"awarded_bid_id" uuid,
	"decided_at" timestamp with time zone,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auctions_status_check" CHECK ("auctions"."status" in ('open', 'awarded', 'withdrawn', 'expired')),
	CONSTRAINT "auctions_urgency_check" CHECK ("auctions"."urgency" in ('hotshot', 'flexible'))
);
--> statement-breakpoint
CREATE TABLE "bids" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"auction_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"price_minor" integer NOT NULL,
	"currency_code" text NOT NULL,
	"vehicle_size_slug" text NOT NULL,
	"pickup_eta" timestamp with time zone NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bids_status_check" CHECK ("bids"."status" in ('active', 'withdrawn', 'won', 'lost'))
);
--> statement-breakpoint
CREATE TABLE "carrier_ratings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"delivery_id" uuid NOT NULL,
	"owner_company_id" uuid NOT NULL,
	"carrier_company_id" uuid NOT NULL,
	"stars" smallint NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carrier_ratings_delivery_id_unique" UNIQUE("delivery_id"),
	CONSTRAINT "carrier_ratings_stars_check" CHECK ("carrier_ratings"."stars" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "company_bid_rates" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"depot_label" text DEFAULT '' NOT NULL,
	"depot_lat" double precision,
	"depot_lng" double precision,
	"local_radius_miles" numeric NOT NULL,
	"match_radius_miles" numeric NOT NULL,
	"currency_code" text NOT NULL,
	"local_base_fare" numeric NOT NULL,
	"local_cost_per_distance" numeric NOT NULL,
	"local_cost_per_hour" numeric NOT NULL,
	"outlying_base_fare" numeric NOT NULL,
	"outlying_cost_per_distance" numeric NOT NULL,
	"outlying_cost_per_hour" numeric NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auctions" ADD CONSTRAINT "auctions_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auctions" ADD CONSTRAINT "auctions_owner_company_id_companies_id_fk" FOREIGN KEY ("owner_company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auctions" ADD CONSTRAINT "auctions_vehicle_size_slug_vehicle_sizes_slug_fk" FOREIGN KEY ("vehicle_size_slug") REFERENCES "public"."vehicle_sizes"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auctions" ADD CONSTRAINT "auctions_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_auction_id_auctions_id_fk" FOREIGN KEY ("auction_id") REFERENCES "public"."auctions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_vehicle_size_slug_vehicle_sizes_slug_fk" FOREIGN KEY ("vehicle_size_slug") REFERENCES "public"."vehicle_sizes"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_ratings" ADD CONSTRAINT "carrier_ratings_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_ratings" ADD CONSTRAINT "carrier_ratings_owner_company_id_companies_id_fk" FOREIGN KEY ("owner_company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_ratings" ADD CONSTRAINT "carrier_ratings_carrier_company_id_companies_id_fk" FOREIGN KEY ("carrier_company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_ratings" ADD CONSTRAINT "carrier_ratings_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_bid_rates" ADD CONSTRAINT "company_bid_rates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "auctions_one_open_per_delivery" ON "auctions" USING btree ("delivery_id") WHERE "auctions"."status" = 'open';--> statement-breakpoint
CREATE INDEX "auctions_open_closing_idx" ON "auctions" USING btree ("closes_at") WHERE "auctions"."status" = 'open';--> statement-breakpoint
CREATE INDEX "auctions_owner_idx" ON "auctions" USING btree ("owner_company_id","published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "bids_auction_company_unique" ON "bids" USING btree ("auction_id","company_id");--> statement-breakpoint
CREATE INDEX "bids_company_idx" ON "bids" USING btree ("company_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "carrier_ratings_carrier_idx" ON "carrier_ratings" USING btree ("carrier_company_id");