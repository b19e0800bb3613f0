-- The default organisation: a new user belongs here until they create their own.
INSERT INTO "orgs" ("id", "name", "website") VALUES ('00000000-0000-0000-0000-000000000000', 'Default', NULL)
ON CONFLICT ("id") DO NOTHING;
