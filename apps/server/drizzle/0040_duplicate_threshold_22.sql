-- The default duplicate threshold moves from 15 to 22 bits (docs/duplicates.md 'Calibración del
-- umbral': the lowest threshold at which the planted pairs are found with precision and recall both
-- ≥ 0.9). A database still holding the old default that no administrator set (updated_by null)
-- takes the new one; a value an administrator chose stays. A new database is seeded with 22.
UPDATE "settings" SET "value" = '22', "updated_at" = now()
WHERE "name" = 'cases.duplicateThreshold' AND "value" = '15' AND "updated_by" IS NULL;
