ALTER TABLE "idempotency_keys" ADD COLUMN "owner" integer;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "applied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "asked" jsonb;