-- Trigram indexes make the creator search (ILIKE %term%) fast at any list size.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
