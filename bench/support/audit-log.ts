import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/faces/bench.js';

/**
 * Tops `audit_log` up to `target` rows with set-based inserts of 100,000 (60 % ER, 15 %
 * Usuarios, 10 % Configuracion, 15 % Parametros over the last three years), the table's
 * triggers off: the hash-chain trigger (about 1,000 rows a second, one writer at a time) would
 * take most of an hour for a million rows. The chain columns of these rows stay null (the
 * lists read none of them; `verify-audit` reports them): bench databases only, never a live one.
 * bench/audit-chain.ts times the trigger itself.
 */
export async function topUpAuditLog(db: Db, target: number, log: (line: string) => void = console.log): Promise<number> {
  const count = async () => Number((await db.execute<{ n: string }>(sql`select count(*) as n from audit_log`)).rows[0]?.n ?? 0);
  let have = await count();
  if (have >= target) return have;
  await db.execute(sql`alter table audit_log disable trigger user`);
  try {
    while (have < target) {
      const chunk = Math.min(100_000, target - have);
      const started = performance.now();
      await db.execute(sql`
        insert into audit_log (operation_type, instance, table_name, pk_id, reference_number, date_utc, description, kind, old_values, new_values)
        select 'U', i.instance,
               case when i.instance = 'Parametros' then (array['Parentesco','Via','ViaDeComunicacion','Residencias','PaisOrigen'])[1 + n % 5] end,
               (n % 5000)::text,
               case when i.instance = 'ER' then 'UY-2025-' || lpad((n % 900000)::text, 6, '0') end,
               now() - ((n * 97) % (3 * 365 * 86400)) * interval '1 second',
               'Cambio de banco ' || n, null,
               jsonb_build_object('Campo', 'antes ' || n), jsonb_build_object('Campo', 'después ' || n)
        from generate_series(${have + 1}::int, ${have + chunk}::int) as n,
             lateral (select case when n % 20 < 12 then 'ER' when n % 20 < 15 then 'Usuarios' when n % 20 < 17 then 'Configuracion' else 'Parametros' end as instance) as i`);
      have += chunk;
      log(`audit_log: ${have} rows (+${chunk} in ${Math.round(performance.now() - started)} ms)`);
    }
  } finally {
    await db.execute(sql`alter table audit_log enable trigger user`);
  }
  await db.execute(sql`analyze audit_log`);
  return have;
}
