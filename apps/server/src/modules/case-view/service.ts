import { type ErView, MSG } from '@atalaya/domain';
import type { Db } from '../../db/client.js';
import type { AuthUser } from '../../http/access-token.js';
import { notFound } from '../../http/errors.js';
import { readEvent, readMedicalContact, readOrigin, readPreviousMedications, whoReportOfCase } from '../case-edit/index.js';
import { medicationsOfCase, ramsOfCase } from '../case-medications/index.js';
import { actionsOfCase, approvedFabricOfCase } from '../case-workflow/index.js';
import { patientOfCase } from '../cases/index.js';
import { documentsOfCaseInReach } from '../files/index.js';
import { findCaseInReach } from '../reach/index.js';

/**
 * Opening a case in one read (issue 33, `getERViewByMeta`, ours): the view's header and its first
 * tab. The case is found in the user's reach once (unknown or out of reach: 404, as every
 * per-record call answers), then each part is read by the same function its own call uses.
 */
export async function getCaseView(db: Db, user: AuthUser, meta: string): Promise<ErView> {
  const found = await findCaseInReach(db, user, meta);
  if (!found) throw notFound(MSG.lists.eventNotFound);
  // Independent reads: on PostgreSQL they run side by side on the pool; PGlite queues them.
  const [Evento, Acciones, Paciente, Origen, Medicamentos, RAMs, MedicamentosAnteriores, ContactoMedico, AprobacionFabricante, Documentos, QuienReporta] =
    await Promise.all([
      readEvent(db, user, found.id),
      actionsOfCase(db, user, found),
      patientOfCase(db, user, found.id),
      readOrigin(db, found.id, found.meta),
      medicationsOfCase(db, found.id),
      ramsOfCase(db, found),
      readPreviousMedications(db, found.id, found.meta),
      readMedicalContact(db, found.id, found.meta),
      approvedFabricOfCase(db, found.id),
      documentsOfCaseInReach(db, found.id),
      whoReportOfCase(db, user, found.id),
    ]);
  // Gone between the reach check and the reads (deleted meanwhile): as getERWhoReportByMeta, 404.
  if (!QuienReporta) throw notFound(MSG.lists.eventNotFound);
  return { Evento, Acciones, Paciente, Origen, Medicamentos, RAMs, MedicamentosAnteriores, ContactoMedico, AprobacionFabricante, Documentos, QuienReporta };
}
