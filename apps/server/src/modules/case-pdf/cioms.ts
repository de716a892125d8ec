import { canExportPdf, ciomsFormFromIcsr, type CiomsForm, ciomsPdfFileName, erStatusName, icsrMeddraCodes, MSG } from '@atalaya/domain';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { countries, meddraLlt } from '../../db/schema/index.js';
import type { AuthUser } from '../../http/access-token.js';
import { badRequest, notFound } from '../../http/errors.js';
import { writeAudit } from '../audit/index.js';
import { loadIcsr } from '../e2b/index.js';
import { type CaseInReach, findCaseInReach } from '../reach/index.js';
import { renderCiomsPdf } from './cioms-document.js';
import type { GeneratedPdf } from './service.js';

/**
 * The CIOMS I form of a case, from the ICSR the E2B(R3) export sends (`loadIcsr`, then the one
 * mapping `ciomsFormFromIcsr`): the MedDRA terms and countries the ICSR holds as codes are named
 * from the dictionary and the country list (one query each).
 */
export async function loadCiomsForm(db: Db, found: CaseInReach, now: Date): Promise<CiomsForm> {
  const icsr = await loadIcsr(db, found.id, { now });
  if (!icsr) throw notFound(MSG.lists.eventNotFound);
  const codes = icsrMeddraCodes(icsr);
  const terms = codes.length ? await db.select({ code: meddraLlt.code, name: meddraLlt.name }).from(meddraLlt).where(inArray(meddraLlt.code, codes)) : [];
  const termNames = new Map(terms.map((term) => [String(term.code), term.name]));
  const countryNames = new Map((await db.select({ code: countries.code, name: countries.name }).from(countries)).map((country) => [country.code, country.name]));
  return ciomsFormFromIcsr(icsr, { term: (term) => termNames.get(term.code), country: (code) => countryNames.get(code) });
}

/**
 * `getERCIOMS/{meta}`: the case's CIOMS I form, as the case PDF (`getERPDF`) is reached: 404
 * outside reach, 400 while Pendiente or Anulado. Not kept in the PDF history (it is rebuilt
 * from the case each time); each download writes an audit row (instance ER, 'Formulario CIOMS I
 * generado', the file's name).
 */
export async function generateCiomsPdf(db: Db, user: AuthUser, meta: string, now: Date = new Date()): Promise<GeneratedPdf> {
  const found = await findCaseInReach(db, user, meta);
  if (!found) throw notFound(MSG.lists.eventNotFound);
  if (!canExportPdf(found.status)) throw badRequest(MSG.pdf.notAllowed);
  const bytes = await renderCiomsPdf(await loadCiomsForm(db, found, now), now);
  await writeAudit(db, {
    kind: 'case.cioms-generated',
    actor: user,
    pkId: found.id,
    referenceNumber: found.referenceNumber,
    metadata: found.meta,
    at: now,
    description: 'Formulario CIOMS I generado',
    oldValues: null,
    newValues: { Archivo: ciomsPdfFileName(found.referenceNumber), Estado: erStatusName(found.status), Bytes: bytes.byteLength },
  });
  return { referenceNumber: found.referenceNumber, bytes };
}
