CREATE TABLE "company_delivery_counts" (
	"company_id" uuid NOT NULL,
	"live_status_slug" text NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "company_delivery_counts_company_id_live_status_slug_pk" PRIMARY KEY("company_id","live_status_slug")
);
--> statement-breakpoint
ALTER TABLE "company_delivery_counts" ADD CONSTRAINT "company_delivery_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Counts of the deliveries each company sees (owned, or carried without being owned) by live status, kept by
-- statement triggers with transition tables (see decision 009). Their names sort after the version triggers'
-- ("deliveries_versions_*" < "deliveries_with_counts_*"), and PostgreSQL fires triggers of one event in name order:
-- every transaction locks the company's version row before any of its count rows, so the version row stays the one
-- per-company lock and two writers cannot deadlock on count rows. Rows are applied in key order for the same reason.
CREATE FUNCTION deliveries_counts_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO company_delivery_counts AS c (company_id, live_status_slug, n)
  SELECT company_id, live_status_slug, count(*) FROM (
    SELECT owner_company_id AS company_id, live_status_slug FROM new_rows
    UNION ALL SELECT carrier_company_id, live_status_slug FROM new_rows
      WHERE carrier_company_id IS NOT NULL AND carrier_company_id <> owner_company_id) seen
  GROUP BY company_id, live_status_slug ORDER BY company_id, live_status_slug
  ON CONFLICT (company_id, live_status_slug) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION deliveries_counts_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO company_delivery_counts AS c (company_id, live_status_slug, n)
  SELECT company_id, live_status_slug, -count(*) FROM (
    SELECT owner_company_id AS company_id, live_status_slug FROM old_rows
    UNION ALL SELECT carrier_company_id, live_status_slug FROM old_rows
      WHERE carrier_company_id IS NOT NULL AND carrier_company_id <> owner_company_id) seen
  GROUP BY company_id, live_status_slug ORDER BY company_id, live_status_slug
  ON CONFLICT (company_id, live_status_slug) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION deliveries_counts_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO company_delivery_counts AS c (company_id, live_status_slug, n)
  SELECT company_id, live_status_slug, sum(delta) FROM (
    SELECT owner_company_id AS company_id, live_status_slug, 1 AS delta FROM new_rows
    UNION ALL SELECT carrier_company_id, live_status_slug, 1 FROM new_rows
      WHERE carrier_company_id IS NOT NULL AND carrier_company_id <> owner_company_id
    UNION ALL SELECT owner_company_id, live_status_slug, -1 FROM old_rows
    UNION ALL SELECT carrier_company_id, live_status_slug, -1 FROM old_rows
      WHERE carrier_company_id IS NOT NULL AND carrier_company_id <> owner_company_id) seen
  GROUP BY company_id, live_status_slug HAVING sum(delta) <> 0 ORDER BY company_id, live_status_slug
  ON CONFLICT (company_id, live_status_slug) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER deliveries_with_counts_ins AFTER INSERT ON deliveries REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION deliveries_counts_ins();
--> statement-breakpoint
CREATE TRIGGER deliveries_with_counts_del AFTER DELETE ON deliveries REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION deliveries_counts_del();
--> statement-breakpoint
CREATE TRIGGER deliveries_with_counts_upd AFTER UPDATE ON deliveries
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION deliveries_counts_upd();
--> statement-breakpoint
INSERT INTO company_delivery_counts (company_id, live_status_slug, n)
SELECT company_id, live_status_slug, count(*) FROM (
  SELECT owner_company_id AS company_id, live_status_slug FROM deliveries
  UNION ALL SELECT carrier_company_id, live_status_slug FROM deliveries
    WHERE carrier_company_id IS NOT NULL AND carrier_company_id <> owner_company_id) seen
GROUP BY company_id, live_status_slug;
