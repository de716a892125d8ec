-- Trigram index for the MedDRA LLT typeahead (getMedDRALLT/{term}): serves
-- `lower(name) like '%term%'` and prefix searches alike. PGlite loads pg_trgm at start
-- (src/db/client.ts); on a PostgreSQL server the contrib package provides it.

CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE INDEX IF NOT EXISTS meddra_llt_name_trgm_idx ON meddra_llt USING gin (lower(name) gin_trgm_ops);
