-- Lookup rows the identity model needs (docs/decisions/002-roles-and-tenancy.md).
INSERT INTO "company_types" ("slug", "name", "description") VALUES
  ('shipper', 'Shipper', 'Creates deliveries and runs them with its own fleet or auctions them to couriers.'),
  ('courier', 'Courier', 'Carries deliveries for shippers, bidding for them in the marketplace.')
ON CONFLICT ("slug") DO NOTHING;
--> statement-breakpoint
INSERT INTO "roles" ("slug", "name", "permissions") VALUES
  ('platform-admin', 'Platform admin', '["platform:manage","company:read-any"]'::jsonb),
  ('company-admin', 'Company admin', '["company:manage","users:manage","deliveries:manage","fleet:manage","notes:manage"]'::jsonb),
  ('driver', 'Driver', '["deliveries:work-assigned","location:report","proofs:upload"]'::jsonb)
ON CONFLICT ("slug") DO NOTHING;
