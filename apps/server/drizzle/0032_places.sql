CREATE TABLE "geocode_cache" (
	"provider" text NOT NULL,
	"kind" text NOT NULL,
	"query" text NOT NULL,
	"answer" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "geocode_cache_provider_kind_query_pk" PRIMARY KEY("provider","kind","query")
);
--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "place_status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "place_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "place_retry_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "addresses_unplaced_idx" ON "addresses" USING btree ("place_retry_at") WHERE "addresses"."place_status" = 'pending';--> statement-breakpoint
-- Addresses kept before issue 32: those with a point are placed; the others wait for the geocoding job, once.
UPDATE "addresses" SET "place_status" = 'placed' WHERE "lat" IS NOT NULL AND "lng" IS NOT NULL;
