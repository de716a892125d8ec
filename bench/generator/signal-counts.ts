import type { BulkLoader } from './copy.js';

/**
 * The Señales counts during a bulk load. The signal triggers (migrations 0027, 0036, 0037) refresh
 * every case a statement touches: a batch of 5,000 cases is five COPY statements (events,
 * medications, ingredients, reactions, patients), so each batch recomputed its cases' cells five
 * times and upserted six tables keyed at random, and the generator fell from ~440 to ~80 cases a
 * second as the tables grew. The generator therefore switches those triggers off while it loads
 * and counts every case once at the end, set by set, as migration 0037's backfill does: the same
 * definition (`atalaya_signal_cells`), the same tables in primary-key order. The server's property
 * test (`reach-counts.test.ts`) keeps the triggers equal to such a full recount, so the result is
 * what the triggers would have left. The notice trigger on the cells stays on: a generated
 * registry has no open signal to notify.
 *
 * A run that dies between the two leaves the triggers off: the next run switches them off again
 * (a no-op), recounts every case and switches them on.
 */
const SIGNAL_TRIGGERS_SQL = `
  SELECT c.relname AS "table", t.tgname AS "trigger"
  FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE NOT t.tgisinternal AND n.nspname = 'public' AND t.tgname LIKE 'atalaya\\_signal\\_%' AND c.relname NOT LIKE 'signal\\_%'
  ORDER BY 1, 2`;

async function setSignalTriggers(loader: BulkLoader, enabled: boolean): Promise<number> {
  const triggers = await loader.query<{ table: string; trigger: string }>(SIGNAL_TRIGGERS_SQL);
  for (const { table, trigger } of triggers) {
    await loader.query(`ALTER TABLE "${table}" ${enabled ? 'ENABLE' : 'DISABLE'} TRIGGER "${trigger}"`);
  }
  return triggers.length;
}

export async function pauseSignalCounts(loader: BulkLoader): Promise<void> {
  const count = await setSignalTriggers(loader, false);
  console.log(`signal counts: ${count} triggers off while loading`);
}

/** Cases counted per statement of the cells pass. */
const CELLS_CHUNK = 50_000;

/** Recounts every case into the Señales tables, then switches the triggers on again (one transaction). */
export async function recountSignals(loader: BulkLoader): Promise<void> {
  const t0 = Date.now();
  await loader.query('begin');
  try {
    await loader.query(
      'TRUNCATE signal_case_cells, signal_counts, signal_laboratory_counts, signal_creator_counts, signal_laboratory_totals, signal_creator_totals, signal_country_totals',
    );
    await loader.query(
      `INSERT INTO signal_laboratory_sets (laboratory_ids) SELECT DISTINCT laboratory_ids FROM events ORDER BY 1 ON CONFLICT (laboratory_ids) DO NOTHING`,
    );
    // The statements below are planned with these tables' statistics: taken while the triggers
    // were off, they say empty (an ANALYZE of the load, or autovacuum), and the cells' join to a
    // set believed empty read every case once per set (a chunk of 50,000 cases ran 9 minutes).
    await loader.query('ANALYZE events, signal_laboratory_sets');
    let last = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const [row] = await loader.query<{ last: string | null }>(
        `WITH ids AS (SELECT id FROM events WHERE id > $1 ORDER BY id LIMIT ${CELLS_CHUNK}),
         cells AS (
           INSERT INTO signal_case_cells (event_id, month, country_id, serious, sex, age_group, drug_kind, drug_id, pt_code, concomitant, laboratory_set_id, created_by)
           SELECT * FROM atalaya_signal_cells(ARRAY(SELECT id FROM ids))
         )
         SELECT (SELECT id::text FROM ids ORDER BY id DESC LIMIT 1) AS last`,
        [last],
      );
      if (!row?.last) break;
      last = row.last;
    }
    const tCells = Date.now();
    await loader.query('ANALYZE signal_case_cells');
    await loader.query(`INSERT INTO signal_counts (drug_kind, drug_id, pt_code, month, country_id, serious, sex, age_group, concomitant, cases)
      SELECT drug_kind, drug_id, pt_code, month, country_id, serious, sex, age_group, concomitant, count(*)::integer
      FROM signal_case_cells GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9`);
    await loader.query(`INSERT INTO signal_laboratory_counts (laboratory_set_id, drug_kind, drug_id, pt_code, month, country_id, serious, sex, age_group, concomitant, cases)
      SELECT laboratory_set_id, drug_kind, drug_id, pt_code, month, country_id, serious, sex, age_group, concomitant, count(*)::integer
      FROM signal_case_cells GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10`);
    await loader.query(`INSERT INTO signal_creator_counts (created_by, laboratory_set_id, drug_kind, drug_id, pt_code, month, country_id, serious, sex, age_group, concomitant, cases)
      SELECT created_by, laboratory_set_id, drug_kind, drug_id, pt_code, month, country_id, serious, sex, age_group, concomitant, count(*)::integer
      FROM signal_case_cells GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11`);
    await loader.query(`INSERT INTO signal_country_totals (country_id, drug_kind, drug_id, pt_code, concomitant, cases)
      SELECT x.country_id, c.drug_kind, c.drug_id, c.pt_code, c.concomitant, sum(c.cases)::integer
      FROM signal_counts c CROSS JOIN LATERAL (VALUES (c.country_id), (0)) x(country_id) GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5`);
    await loader.query(`INSERT INTO signal_laboratory_totals (laboratory_set_id, drug_kind, drug_id, pt_code, concomitant, cases)
      SELECT laboratory_set_id, drug_kind, drug_id, pt_code, concomitant, sum(cases)::integer
      FROM signal_laboratory_counts GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5`);
    await loader.query(`INSERT INTO signal_creator_totals (created_by, laboratory_set_id, drug_kind, drug_id, pt_code, concomitant, cases)
      SELECT created_by, laboratory_set_id, drug_kind, drug_id, pt_code, concomitant, sum(cases)::integer
      FROM signal_creator_counts GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6`);
    await setSignalTriggers(loader, true);
    await loader.query('commit');
    console.log(`signal counts: recounted in ${Math.round((Date.now() - t0) / 1000)} s (cells ${Math.round((tCells - t0) / 1000)} s); triggers on`);
  } catch (error) {
    await loader.query('rollback').catch(() => undefined);
    throw error;
  }
}
