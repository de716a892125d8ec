import { type ApprovedFabric, MSG } from '@atalaya/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { preparedByText } from '../../db/prepared.js';
import { eventComments, users } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/access-token.js';
import { notFound } from '../../http/errors.js';
import { findCaseInReach } from '../reach/index.js';


/** `getApprovedFabricByMeta`: the manufacturer's latest approval of the evaluation (AprobarFabricante), if any. */
export async function getApprovedFabric(db: Db, user: AuthUser, meta: string): Promise<ApprovedFabric> {
  const found = await findCaseInReach(db, user, meta);
  if (!found) throw notFound(MSG.lists.eventNotFound);
  return approvedFabricOfCase(db, found.id);
}

const approvalRead = preparedByText((db) =>
  db
    .select({ createdAt: eventComments.createdAt, comment: eventComments.comment, user: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})` })
    .from(eventComments)
    .innerJoin(users, eq(users.id, eventComments.userId))
    .where(and(eq(eventComments.eventId, sql.placeholder('eventId')), eq(eventComments.action, 'AprobarFabricante')))
    .orderBy(desc(eventComments.createdAt))
    .limit(1),
);

/** The manufacturer's latest approval of a case the caller found in the user's reach, as `getApprovedFabricByMeta` answers it. */
export async function approvedFabricOfCase(db: DbOrTx, eventId: string): Promise<ApprovedFabric> {
  const [row] = await approvalRead(db).execute({ eventId });
  if (!row) return { Aprobado: false, Fecha: null, Usuario: null, Comentario: null };
  return { Aprobado: true, Fecha: row.createdAt.toISOString(), Usuario: row.user, Comentario: row.comment };
}
