import { NARANJO_QUESTION_KEYS, naranjoResult, naranjoScore, naranjoTotal, type NaranjoAnswers, type NaranjoResult } from '@atalaya/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/faces/bench.js';

type Tx = Parameters<Parameters<Database['db']['transaction']>[0]>[0];

/**
 * The case records the generator does not write, filled in the shapes the application writes them
 * (issue 33 point 5): follow-up reports with their follow-up events, and causality evaluations.
 * Set-based SQL, each step in one transaction; a step is skipped when its table already has rows.
 * The statement triggers keep the derived tables (indicator counts, Señales counts, a case's
 * products and laboratories) as they do for the application's own writes.
 */

/** Whether `table` holds a row already (a step is not filled twice). */
async function hasRows(tx: Tx, table: string): Promise<boolean> {
  const found = await tx.execute(sql`select 1 from ${sql.identifier(table)} limit 1`);
  return found.rows.length > 0;
}

/** One case in this many sent cases gets a follow-up report (2 %). */
const FOLLOW_UP_EVERY = 50;

/**
 * A follow-up report of one case in FOLLOW_UP_EVERY among those a follow-up may be created for
 * (`canCreateFollowUp`: not Pendiente nor Anulado, not a follow-up itself), as `createFollowUp`
 * writes it: a follow-up event (`{reference}-S1`, its parent's group, country and report) holding
 * a copy of the parent's patient, origin, medicines with their ingredients and reactions with
 * their categories; the `follow_up_reports` row; the parent's 'Seguimiento' comment and history
 * entry. The follow-up events are created 1–60 days after their parent was sent and spread over
 * the workflow (En revisión RLF, En evaluación QPPV, Cerrado imputable / no imputable).
 */
export async function fillFollowUps(database: Database): Promise<number> {
  return database.db.transaction(async (tx) => {
    if (await hasRows(tx, 'follow_up_reports')) return -1;
    await tx.execute(sql`
      create temp table fill_follow_ups on commit drop as
      select e.id as parent_id, gen_random_uuid() as id, e.reference_number || '-S1' as reference_number,
        -- A Meta as newCaseMeta makes it: 16 random bytes in base64url.
        translate(rtrim(encode(decode(md5(random()::text || e.id::text), 'hex'), 'base64'), '='), '+/', '-_') as meta,
        (array[2, 2, 2, 3, 3, 6, 6, 6, 7, 7])[1 + abs(hashtext(e.id::text || 's')) % 10]::smallint as status,
        least(now(), coalesce(e.sent_at, e.created_at) + make_interval(days => 1 + abs(hashtext(e.id::text || 'd')) % 60)) as created_at,
        e.created_by
      from events e
      where e.parent_event_id is null and e.status not in (1, 11) and abs(hashtext(e.id::text)) % ${FOLLOW_UP_EVERY} = 0`);
    await tx.execute(sql`
      insert into events (id, meta, reference_number, status, group_id, sub_group_id, country_id, is_ram, home_report_id,
        home_reference_number, parent_event_id, received_at, sent_at, created_at, created_by, updated_at, updated_by)
      select f.id, f.meta, f.reference_number, f.status, e.group_id, e.sub_group_id, e.country_id, e.is_ram, e.home_report_id,
        e.home_reference_number, e.id, f.created_at, f.created_at, f.created_at, f.created_by, f.created_at, f.created_by
      from fill_follow_ups f join events e on e.id = f.parent_id`);
    await copyToFollowUps(tx, 'event_patients', PATIENT_COLUMNS);
    await copyToFollowUps(tx, 'event_origins', ORIGIN_COLUMNS);
    // Medicines and reactions get new serial ids; their children follow them by the map.
    await copyToFollowUps(tx, 'event_medications', MEDICATION_COLUMNS, 'fill_medications');
    await tx.execute(sql`
      insert into event_medication_ingredients (event_medication_id, active_ingredient_id, concentration, unit_id)
      select n.new_id, i.active_ingredient_id, i.concentration, i.unit_id
      from fill_medications n join event_medication_ingredients i on i.event_medication_id = n.old_id`);
    await copyToFollowUps(tx, 'event_rams', RAM_COLUMNS, 'fill_rams');
    await tx.execute(sql`
      insert into event_ram_categories (ram_id, ram_category_id)
      select n.new_id, c.ram_category_id from fill_rams n join event_ram_categories c on c.ram_id = n.old_id`);
    await tx.execute(sql`
      insert into follow_up_reports (event_id, sequence, reference_number, follow_up_event_id, created_at, created_by)
      select f.parent_id, 1, f.reference_number, f.id, f.created_at, f.created_by from fill_follow_ups f`);
    await tx.execute(sql`
      insert into event_comments (event_id, action, comment, user_id, created_at)
      select f.parent_id, 'Seguimiento', 'Reporte de seguimiento ' || f.reference_number || ' creado', f.created_by, f.created_at from fill_follow_ups f`);
    await tx.execute(sql`
      with entries as (
        insert into operation_history (event_id, user_id, created_at, description, operation_type)
        select f.parent_id, f.created_by, f.created_at, 'Reporte de seguimiento ' || f.reference_number || ' creado', 'I' from fill_follow_ups f
        returning id, description
      )
      insert into operation_history_lines (entry_id, description, old_value, new_value)
      select id, 'Reporte de seguimiento', null, substring(description from 'Reporte de seguimiento (.*) creado') from entries`);
    const created = await tx.execute<{ n: string }>(sql`select count(*) as n from fill_follow_ups`);
    return Number(created.rows[0]?.n ?? 0);
  });
}

/** Answers of the Naranjo questionnaire (1 NO, 2 SI, 3 No sabe) that reach each result. */
const ANSWER_PATTERNS: readonly (readonly number[])[] = [
  [2, 2, 2, 2, 1, 1, 2, 2, 2, 2], // Segura
  [2, 2, 2, 3, 1, 3, 3, 3, 3, 2], // Probable
  [2, 2, 3, 3, 3, 3, 3, 3, 3, 3], // Posible
  [2, 3, 2, 3, 3, 3, 3, 3, 3, 1], // Posible
  [3, 1, 3, 3, 3, 3, 3, 3, 3, 3], // Improbable
];

interface Pattern {
  answers: readonly number[];
  scores: number[];
  total: number;
  result: NaranjoResult;
}

function patterns(): Pattern[] {
  return ANSWER_PATTERNS.map((answers) => {
    const keyed = Object.fromEntries(NARANJO_QUESTION_KEYS.map((key, index) => [key, answers[index]])) as NaranjoAnswers;
    const total = naranjoTotal(keyed);
    return { answers, scores: NARANJO_QUESTION_KEYS.map((key, index) => naranjoScore(key, answers[index])), total, result: naranjoResult(total) };
  });
}

/**
 * The RLF's causality evaluation (Naranjo, the ten answers scored by the domain's own table) of
 * every case past the RLF's review (En evaluación QPPV, Más información, En espera de fabricante,
 * Cerrado imputable / no imputable), as `setImputEvaluation` stores it: a closed imputable case
 * one of the imputable results, a closed not imputable one Improbable, the others any.
 */
export async function fillEvaluations(database: Database): Promise<number> {
  const found = patterns();
  const imputable = found.flatMap((pattern, index) => (pattern.result === 'Improbable' ? [] : [index + 1]));
  const improbable = found.flatMap((pattern, index) => (pattern.result === 'Improbable' ? [index + 1] : []));
  if (imputable.length === 0 || improbable.length === 0) throw new Error('The answer patterns reach no imputable or no improbable result');
  const values = sql.join(
    found.map((pattern, index) => sql`(${index + 1}, ${pattern.total}, ${pattern.result}, ${`{${pattern.answers.join(',')}}`}::smallint[], ${`{${pattern.scores.join(',')}}`}::smallint[])`),
    sql`, `,
  );
  const intArray = (ids: number[]) => `{${ids.join(',')}}`;
  return database.db.transaction(async (tx) => {
    if (await hasRows(tx, 'imputability_evaluations')) return -1;
    await tx.execute(sql`create temp table fill_patterns (id int, total smallint, result text, answers smallint[], scores smallint[]) on commit drop`);
    await tx.execute(sql`insert into fill_patterns values ${values}`);
    await tx.execute(sql`
      create temp table fill_evaluations on commit drop as
      select e.id as event_id, e.created_by, coalesce(e.sent_at, e.created_at) as evaluated_at,
        case
          when e.status = 6 then (${intArray(imputable)}::int[])[1 + abs(hashtext(e.id::text || 'n')) % ${imputable.length}]
          when e.status = 7 then (${intArray(improbable)}::int[])[1 + abs(hashtext(e.id::text || 'n')) % ${improbable.length}]
          else 1 + abs(hashtext(e.id::text || 'n')) % ${found.length}
        end as pattern_id
      from events e where e.status in (3, 4, 5, 6, 7)`);
    await tx.execute(sql`
      create temp table fill_evaluation_ids on commit drop as
      with stored as (
        insert into imputability_evaluations (event_id, total, result, created_at, updated_at, created_by, updated_by)
        select v.event_id, p.total, p.result, v.evaluated_at, v.evaluated_at, v.created_by, v.created_by
        from fill_evaluations v join fill_patterns p on p.id = v.pattern_id
        returning id, event_id
      )
      select s.id, v.pattern_id, v.evaluated_at, v.created_by from stored s join fill_evaluations v on v.event_id = s.event_id`);
    await tx.execute(sql`
      insert into imputability_answers (evaluation_id, question, answer, score, created_at, updated_at, created_by, updated_by)
      select s.id, q.question, p.answers[q.question], p.scores[q.question], s.evaluated_at, s.evaluated_at, s.created_by, s.created_by
      from fill_evaluation_ids s join fill_patterns p on p.id = s.pattern_id cross join generate_series(1, 10) as q(question)`);
    const created = await tx.execute<{ n: string }>(sql`select count(*) as n from fill_evaluation_ids`);
    return Number(created.rows[0]?.n ?? 0);
  });
}

/** The copied columns of a case's records (not its key, its own id nor its stamps). */
const PATIENT_COLUMNS = [
  'initials', 'age', 'age_unit', 'height', 'height_unit_id', 'weight', 'weight_unit_id', 'gender', 'pregnancy', 'gestation', 'lactation',
  'country_id', 'state', 'residence_id', 'medical_institution', 'medical_conditions', 'allergies', 'contact_allow', 'relationship_id', 'phone', 'email',
];
const ORIGIN_COLUMNS = [
  'have', 'not_have', 'origin_id', 'receiver_id', 'type_id', 'from_literature', 'bibliographic_reference', 'origin_country_id', 'study_name',
  'study_type', 'study_registration_number', 'sponsor_number',
];
const MEDICATION_COLUMNS = [
  'product_id', 'line_id', 'line_id2', 'laboratory_id', 'pharmaceutical_form_id', 'lot_number', 'indication', 'date_start', 'date_end', 'route_id',
  'frequency_type_id', 'frequency_hours', 'dose', 'use_unit_id', 'drug_role',
];
// `is_serious` is generated from the criteria.
const RAM_COLUMNS = [
  'llt_code', 'llt_name', 'description', 'evolution', 'medication_action_id', 'is_expected', 'is_ram', 'ram_type_id', 'date_start', 'date_end',
  'dose_reduction', 'considerations', 'concentration', 'unit_id', 'frequency_hours', 'quantity', 'use_unit_id', 'quality_claim', 'death',
  'life_threatening', 'hospitalization_required', 'hospitalization_date_start', 'hospitalization_date_end', 'persisted_hospitalization',
  'transitory_disability', 'persistent_disability', 'congenital_anomaly', 'another_condition',
];

/**
 * Copies the parent cases' rows of `table` (keyed by `event_id`) to their follow-up events of
 * `fill_follow_ups`, stamped with the follow-up's creation. With `idMap`, the rows get new ids of
 * the table's serial, kept in the temporary table `idMap` (old_id, new_id) for their children.
 */
async function copyToFollowUps(tx: Tx, table: string, columns: readonly string[], idMap?: string): Promise<void> {
  const copied = sql.raw(columns.join(', '));
  const read = sql.raw(columns.map((column) => `x.${column}`).join(', '));
  const stamps = sql.raw('created_at, updated_at, created_by, updated_by');
  if (!idMap) {
    await tx.execute(sql`
      insert into ${sql.identifier(table)} (event_id, ${copied}, ${stamps})
      select f.id, ${read}, f.created_at, f.created_at, f.created_by, f.created_by
      from fill_follow_ups f join ${sql.identifier(table)} x on x.event_id = f.parent_id`);
    return;
  }
  await tx.execute(sql`
    create temp table ${sql.identifier(idMap)} on commit drop as
    select x.id as old_id, nextval(pg_get_serial_sequence(${table}, 'id')) as new_id, f.id as event_id, f.created_at, f.created_by
    from fill_follow_ups f join ${sql.identifier(table)} x on x.event_id = f.parent_id`);
  await tx.execute(sql`
    insert into ${sql.identifier(table)} (id, event_id, ${copied}, ${stamps})
    select n.new_id, n.event_id, ${read}, n.created_at, n.created_at, n.created_by, n.created_by
    from ${sql.identifier(idMap)} n join ${sql.identifier(table)} x on x.id = n.old_id`);
}
