import type { DbOrTx } from '../../db/client.js';
import { homeReports, homeReportStatusHistory } from '../../db/schema/index.js';

export type NewHomeReport = typeof homeReports.$inferInsert;

export async function insertHomeReport(tx: DbOrTx, values: NewHomeReport): Promise<{ id: string; createdAt: Date }> {
  const [row] = await tx.insert(homeReports).values(values).returning({ id: homeReports.id, createdAt: homeReports.createdAt });
  if (!row) throw new Error('Incoming report not stored');
  return row;
}

export async function insertStatusHistory(tx: DbOrTx, values: typeof homeReportStatusHistory.$inferInsert): Promise<void> {
  await tx.insert(homeReportStatusHistory).values(values);
}
