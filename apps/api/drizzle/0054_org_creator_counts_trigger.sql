-- Hand-written (drizzle-kit generate --custom): the count of each organisation's creators that
-- Home shows, kept by statement triggers so that a bulk import of thousands is one update, and
-- filled for the organisations that exist. Counting on every visit cost time in proportion to the
-- organisation (an index-only scan of 1,000,000 entries at 1,000,000 creators: the growth bench).
CREATE FUNCTION creators_count_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO org_creator_counts (org_id, creators)
  SELECT org_id, count(*) FROM inserted GROUP BY org_id ORDER BY org_id
  ON CONFLICT (org_id) DO UPDATE SET creators = org_creator_counts.creators + EXCLUDED.creators;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER creators_counted AFTER INSERT ON creators REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION creators_count_inserted();
--> statement-breakpoint
-- Creators are made inactive, not deleted; a delete (by hand) still keeps the count true.
CREATE FUNCTION creators_count_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE org_creator_counts c SET creators = c.creators - d.n
  FROM (SELECT org_id, count(*) AS n FROM deleted GROUP BY org_id) d
  WHERE c.org_id = d.org_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER creators_uncounted AFTER DELETE ON creators REFERENCING OLD TABLE AS deleted
  FOR EACH STATEMENT EXECUTE FUNCTION creators_count_deleted();
--> statement-breakpoint
INSERT INTO org_creator_counts (org_id, creators) SELECT org_id, count(*) FROM creators GROUP BY org_id;
