DROP INDEX "deliveries_owner_created_idx";--> statement-breakpoint
DROP INDEX "deliveries_owner_status_created_idx";--> statement-breakpoint
DROP INDEX "deliveries_carrier_created_idx";--> statement-breakpoint
CREATE INDEX "deliveries_owner_created_idx" ON "deliveries" USING btree ("owner_company_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "deliveries_owner_status_created_idx" ON "deliveries" USING btree ("owner_company_id","live_status_slug","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "deliveries_carrier_created_idx" ON "deliveries" USING btree ("carrier_company_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "deliveries"."carrier_company_id" is not null;