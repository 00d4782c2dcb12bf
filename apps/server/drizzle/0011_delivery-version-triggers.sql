-- Raise company_delivery_versions for every company whose delivery list a statement changed (see decision 009).
-- Statement triggers with transition tables: one counter update per statement, however many rows it writes.
CREATE FUNCTION bump_company_delivery_versions(company_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO company_delivery_versions AS v (company_id, version)
  SELECT c.id, 1 FROM companies c WHERE c.id = ANY(company_ids)
  ON CONFLICT (company_id) DO UPDATE SET version = v.version + 1;
$$;
--> statement-breakpoint
CREATE FUNCTION deliveries_new_rows_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_company_delivery_versions(ARRAY(
    SELECT owner_company_id FROM new_rows UNION SELECT carrier_company_id FROM new_rows WHERE carrier_company_id IS NOT NULL));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION deliveries_old_rows_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_company_delivery_versions(ARRAY(
    SELECT owner_company_id FROM old_rows UNION SELECT carrier_company_id FROM old_rows WHERE carrier_company_id IS NOT NULL));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION delivery_children_new_rows_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_company_delivery_versions(ARRAY(
    SELECT d.owner_company_id FROM deliveries d WHERE d.id IN (SELECT delivery_id FROM new_rows)
    UNION SELECT d.carrier_company_id FROM deliveries d
      WHERE d.id IN (SELECT delivery_id FROM new_rows) AND d.carrier_company_id IS NOT NULL));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION delivery_children_old_rows_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_company_delivery_versions(ARRAY(
    SELECT d.owner_company_id FROM deliveries d WHERE d.id IN (SELECT delivery_id FROM old_rows)
    UNION SELECT d.carrier_company_id FROM deliveries d
      WHERE d.id IN (SELECT delivery_id FROM old_rows) AND d.carrier_company_id IS NOT NULL));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION delivery_step_tasks_new_rows_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_company_delivery_versions(ARRAY(
    SELECT d.owner_company_id FROM deliveries d JOIN delivery_steps s ON s.delivery_id = d.id
      WHERE s.id IN (SELECT step_id FROM new_rows)
    UNION SELECT d.carrier_company_id FROM deliveries d JOIN delivery_steps s ON s.delivery_id = d.id
      WHERE s.id IN (SELECT step_id FROM new_rows) AND d.carrier_company_id IS NOT NULL));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION delivery_step_tasks_old_rows_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_company_delivery_versions(ARRAY(
    SELECT d.owner_company_id FROM deliveries d JOIN delivery_steps s ON s.delivery_id = d.id
      WHERE s.id IN (SELECT step_id FROM old_rows)
    UNION SELECT d.carrier_company_id FROM deliveries d JOIN delivery_steps s ON s.delivery_id = d.id
      WHERE s.id IN (SELECT step_id FROM old_rows) AND d.carrier_company_id IS NOT NULL));
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
  fn text;
BEGIN
  FOREACH t IN ARRAY ARRAY['deliveries', 'delivery_schedule_windows', 'delivery_steps', 'delivery_step_tasks',
                           'delivery_quotes', 'delivery_assignments'] LOOP
    fn := CASE t WHEN 'deliveries' THEN 'deliveries' WHEN 'delivery_step_tasks' THEN 'delivery_step_tasks'
                 ELSE 'delivery_children' END;
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows '
                   'FOR EACH STATEMENT EXECUTE FUNCTION %I()', t || '_versions_ins', t, fn || '_new_rows_bump');
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS new_rows '
                   'FOR EACH STATEMENT EXECUTE FUNCTION %I()', t || '_versions_upd_new', t, fn || '_new_rows_bump');
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows '
                   'FOR EACH STATEMENT EXECUTE FUNCTION %I()', t || '_versions_upd_old', t, fn || '_old_rows_bump');
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows '
                   'FOR EACH STATEMENT EXECUTE FUNCTION %I()', t || '_versions_del', t, fn || '_old_rows_bump');
  END LOOP;
END $$;
