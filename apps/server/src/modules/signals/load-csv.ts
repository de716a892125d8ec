import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/** One array parameter (Drizzle would otherwise spread a JS array into a list of parameters). */
const array = (values: readonly unknown[]) => sql.param(values);

/**
 * Loads a CSV of `report_id, drug, event[, stratum]` (header row first, columns by position) as
 * sent cases (status 7 Cerrado no imputable, country UY, sub-group 1 RAM): one case per report,
 * one medicine per distinct drug (an active ingredient, found by name or created, with a product
 * of the same name holding it), one reaction per distinct event (a MedDRA PT found by name, or
 * created under the SOC 'Cargado (señales)', through its LLT of the same code). A stratum 'M',
 * 'Male', 'Masculino' (or 'F', 'Female', 'Femenino') becomes the patient's sex; any other is
 * left out. `npm run signals:load -w bench -- <file.csv>`; docs/signals.md.
 */
export interface SignalCsvRow {
  reportId: string;
  drug: string;
  event: string;
  stratum?: string;
}

export function parseSignalCsv(text: string): SignalCsvRow[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/).filter((line) => line.trim() !== '');
  const split = (line: string) => {
    const cells: string[] = [];
    let cell = '';
    let quoted = false;
    for (let i = 0; i < line.length; i += 1) {
      const ch = line[i];
      if (ch === '"' && quoted && line[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = !quoted;
      else if (ch === ',' && !quoted) {
        cells.push(cell);
        cell = '';
      } else cell += ch;
    }
    cells.push(cell);
    return cells.map((c) => c.trim());
  };
  return lines.slice(1).map((line, index) => {
    const [reportId = '', drug = '', event = '', stratum] = split(line);
    if (!reportId || !drug || !event) throw new Error(`Línea ${index + 2}: faltan report_id, drug o event`);
    return { reportId, drug, event, stratum: stratum || undefined };
  });
}

const SEX: Record<string, 'M' | 'F'> = { m: 'M', male: 'M', masculino: 'M', f: 'F', female: 'F', femenino: 'F' };
const LOADED_SOC = 99_000_000;
const BATCH = 500;

export async function loadSignalCsv(db: Db, rows: readonly SignalCsvRow[]): Promise<{ reports: number; drugs: number; events: number }> {
  const reports = new Map<string, { drugs: Set<string>; events: Set<string>; sex: 'M' | 'F' | null }>();
  for (const row of rows) {
    let report = reports.get(row.reportId);
    if (!report) reports.set(row.reportId, (report = { drugs: new Set(), events: new Set(), sex: SEX[(row.stratum ?? '').toLowerCase()] ?? null }));
    report.drugs.add(row.drug);
    report.events.add(row.event);
  }
  const drugNames = [...new Set(rows.map((row) => row.drug))];
  const eventNames = [...new Set(rows.map((row) => row.event))];

  await db.transaction(async (tx) => {
    const one = async <T>(query: ReturnType<typeof sql>) => ((await tx.execute(query)).rows[0] ?? {}) as T;
    const { country } = await one<{ country: number }>(sql`select id as country from countries where code = 'UY'`);
    // The first user creates the cases; none: an inactive loader user that cannot sign in ('!' is no hash).
    let { user } = await one<{ user?: string }>(sql`select id as "user" from users order by created_at limit 1`);
    if (!user) {
      ({ user } = await one<{ user?: string }>(sql`
        insert into users (email, password_hash, role_id, country_id, first_name, last_name, is_active)
        select 'carga-senales@atalaya.invalid', '!', id, ${country}, 'Carga', 'Señales', false from roles where name = 'QPPV'
        returning id as "user"`));
    }
    if (!user) throw new Error('No user to create the cases');
    const { group } = await one<{ group: number }>(sql`select grupo_id as "group" from sub_groups where id = 1`);
    await tx.execute(sql`insert into companies (code, name, country_id) values ('SIG', 'Señales (cargado)', ${country}) on conflict (code) do nothing`);
    await tx.execute(sql`insert into laboratories (code, name, company_id, country_id) select 'SIG', 'Señales (cargado)', id, ${country} from companies where code = 'SIG' on conflict (code) do nothing`);
    await tx.execute(sql`insert into families (code, name) values ('SIG', 'Señales (cargado)') on conflict (code) do nothing`);
    // Active ingredients and their products, by name.
    await tx.execute(sql`
      insert into active_ingredients (code, name)
      select 'SIG-' || md5(lower(n)), n from unnest(${array(drugNames)}::text[]) n
      where not exists (select 1 from active_ingredients a where lower(a.name) = lower(n))
      on conflict (code) do nothing`);
    await tx.execute(sql`
      insert into products (code, commercial_name, family_id, laboratory_id)
      select 'SIG-P-' || a.id, a.name, (select id from families where code = 'SIG'), (select id from laboratories where code = 'SIG')
      from active_ingredients a where lower(a.name) in (select lower(n) from unnest(${array(drugNames)}::text[]) n)
        and not exists (select 1 from product_ingredients pi join products p on p.id = pi.product_id where pi.active_ingredient_id = a.id and p.code like 'SIG-P-%')
      on conflict (code) do nothing`);
    await tx.execute(sql`
      insert into product_ingredients (product_id, active_ingredient_id)
      select p.id, a.id from products p join active_ingredients a on p.code = 'SIG-P-' || a.id
      where not exists (select 1 from product_ingredients pi where pi.product_id = p.id)`);
    // PTs by name, created when missing, each with an LLT of its own code.
    await tx.execute(sql`insert into meddra_soc (code, name, abbrev) values (${LOADED_SOC}, 'Cargado (señales)', 'Carg') on conflict (code) do nothing`);
    await tx.execute(sql`
      insert into meddra_pt (code, name, primary_soc_code)
      select (select coalesce(max(code), ${LOADED_SOC}) from meddra_pt where code > ${LOADED_SOC} and code < ${LOADED_SOC + 1_000_000}) + row_number() over (order by n), n, ${LOADED_SOC}
      from unnest(${array(eventNames)}::text[]) n
      where not exists (select 1 from meddra_pt p where lower(p.name) = lower(n))`);
    await tx.execute(sql`
      insert into meddra_llt (code, name, pt_code)
      select p.code, p.name, p.code from meddra_pt p
      where lower(p.name) in (select lower(n) from unnest(${array(eventNames)}::text[]) n)
        and not exists (select 1 from meddra_llt l where l.pt_code = p.code)
      on conflict (code) do nothing`);

    const list = [...reports.entries()];
    const year = new Date().getUTCFullYear();
    for (let start = 0; start < list.length; start += BATCH) {
      const batch = list.slice(start, start + BATCH);
      const { last } = await one<{ last: number }>(sql`
        insert into reference_sequences (prefix, year, last_value) values ('UY', ${year}, ${batch.length})
        on conflict (prefix, year) do update set last_value = reference_sequences.last_value + ${batch.length} returning last_value as last`);
      const first = Number(last) - batch.length + 1;
      const refs = batch.map((_, i) => `UY-${year}-${String(first + i).padStart(6, '0')}`);
      const metas = batch.map(() => randomBytes(16).toString('base64url'));
      const ids = (
        await tx.execute(sql`
          insert into events (meta, reference_number, status, group_id, sub_group_id, country_id, is_ram, received_at, sent_at, created_by, updated_by)
          select m, r, 7, ${group}, 1, ${country}, true, now(), now(), ${user}, ${user} from unnest(${array(metas)}::text[], ${array(refs)}::text[]) as x(m, r)
          returning id, reference_number`)
      ).rows as { id: string; reference_number: string }[];
      const idOf = new Map(ids.map((row) => [row.reference_number, row.id]));
      const pairs = batch.map(([, report], i) => ({ id: idOf.get(refs[i] ?? '') ?? '', report }));
      const medEvent: string[] = [];
      const medDrug: string[] = [];
      const ramEvent: string[] = [];
      const ramName: string[] = [];
      const patEvent: string[] = [];
      const patSex: string[] = [];
      for (const { id, report } of pairs) {
        for (const drug of report.drugs) {
          medEvent.push(id);
          medDrug.push(drug);
        }
        for (const event of report.events) {
          ramEvent.push(id);
          ramName.push(event);
        }
        if (report.sex) {
          patEvent.push(id);
          patSex.push(report.sex);
        }
      }
      await tx.execute(sql`
        with m as (
          insert into event_medications (event_id, product_id, laboratory_id, created_by)
          select x.e, p.id, p.laboratory_id, ${user}
          from unnest(${array(medEvent)}::uuid[], ${array(medDrug)}::text[]) as x(e, d)
          join lateral (select a.id from active_ingredients a where lower(a.name) = lower(x.d) order by a.id limit 1) a on true
          join products p on p.code = 'SIG-P-' || a.id
          returning id, product_id
        )
        insert into event_medication_ingredients (event_medication_id, active_ingredient_id)
        select m.id, pi.active_ingredient_id from m join product_ingredients pi on pi.product_id = m.product_id`);
      await tx.execute(sql`
        insert into event_rams (event_id, llt_code, llt_name, description)
        select x.e, l.code, l.name, x.n
        from unnest(${array(ramEvent)}::uuid[], ${array(ramName)}::text[]) as x(e, n)
        join lateral (select p.code from meddra_pt p where lower(p.name) = lower(x.n) order by p.code limit 1) p on true
        join lateral (select l.code, l.name from meddra_llt l where l.pt_code = p.code order by (l.code = p.code) desc, l.code limit 1) l on true`);
      if (patEvent.length) {
        await tx.execute(sql`insert into event_patients (event_id, initials, gender) select e, 'NN', s from unnest(${array(patEvent)}::uuid[], ${array(patSex)}::text[]) as x(e, s)`);
      }
    }
  });
  return { reports: reports.size, drugs: drugNames.length, events: eventNames.length };
}
