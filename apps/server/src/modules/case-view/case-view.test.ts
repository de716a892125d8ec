import { ER_STATUS, type ErView, MSG } from '@atalaya/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventComments } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createCaseWorld, type CaseWorld } from '../../test-support/authorization-matrix.js';
import { get, sessionOf, type Session } from '../../test-support/case-edit.js';
import { createMedicationProduct } from '../../test-support/case-medications.js';
import { createCase } from '../../test-support/cases.js';

/**
 * `getERViewByMeta` (issue 33, docs/api.md): opening a case in one read. Each part equals what
 * its own per-record call answers the same user for the same case, for every role that reads
 * cases (a Fabricante's redactions included); the same refusals out of reach and for other roles.
 */

let t: TestApp;
let world: CaseWorld;
let bare: { meta: string };
const sessions = new Map<string, Session>();

/** The per-record call of each part, with how its 404 reads in the combined answer. */
const PARTS: readonly { part: keyof ErView; call: string; notFoundIsNull?: true }[] = [
  { part: 'Evento', call: 'getERByMeta' },
  { part: 'Acciones', call: 'getActionsERByMeta' },
  { part: 'Paciente', call: 'getPacienteByERMeta', notFoundIsNull: true },
  { part: 'Origen', call: 'getOriginReportByMeta' },
  { part: 'Medicamentos', call: 'getProductsRelationsByMeta' },
  { part: 'RAMs', call: 'getRAMByMeta' },
  { part: 'MedicamentosAnteriores', call: 'MedicamentoAnteriorByMeta' },
  { part: 'ContactoMedico', call: 'getContactoMedicoByMeta' },
  { part: 'AprobacionFabricante', call: 'getApprovedFabricByMeta' },
  { part: 'Documentos', call: 'getDocsAndNotesByMeta' },
  { part: 'QuienReporta', call: 'getERWhoReportByMeta' },
];

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const product = await createMedicationProduct(db, { countries: ['UY'] });
  const otherProduct = await createMedicationProduct(db, { countries: ['UY'] });
  const creator = await sessionOf(t, 'RLF');
  sessions.set('creator RLF', creator);
  sessions.set('RLF', await sessionOf(t, 'RLF'));
  sessions.set('QPPV', await sessionOf(t, 'QPPV', { laboratories: [{ laboratoryId: product.laboratoryId }] }));
  sessions.set('CL', await sessionOf(t, 'CL', { laboratories: [{ laboratoryId: product.laboratoryId }] }));
  sessions.set('Fabricante', await sessionOf(t, 'Fabricante', { laboratories: [{ laboratoryId: product.laboratoryId }] }));
  sessions.set('RLF of another country', await sessionOf(t, 'RLF', { country: 'AR' }));
  sessions.set('Fabricante of another laboratory', await sessionOf(t, 'Fabricante', { laboratories: [{ laboratoryId: otherProduct.laboratoryId }] }));
  sessions.set('ADMIN', await sessionOf(t, 'ADMIN'));
  // A case with a record of every kind, entered from an incoming report (its reporter's contact is what a Fabricante must not get).
  world = await createCaseWorld(db, {
    name: 'opened',
    country: 'UY',
    product,
    createdBy: creator.user.id,
    status: ER_STATUS.EN_EVALUACION_QPPV,
    reachedBy: ['RLF', 'QPPV', 'CL', 'Fabricante'],
  });
  await db.insert(eventComments).values({ eventId: world.caseId, action: 'AprobarFabricante', fromStatus: 3, toStatus: 3, comment: 'Aprobado por el fabricante', userId: creator.user.id });
  // A draft without patient, origin, contact or documents.
  bare = await createCase(db, { status: ER_STATUS.PENDIENTE, createdBy: creator.user.id, productIds: [product.id] });
});
afterAll(() => t.close());

function session(name: string): Session {
  const found = sessions.get(name);
  if (!found) throw new Error(`No session ${name}`);
  return found;
}

async function separately(who: Session, meta: string): Promise<Record<string, unknown>> {
  const parts: Record<string, unknown> = {};
  for (const { part, call, notFoundIsNull } of PARTS) {
    const response = await get(t, who, `${call}/${meta}`);
    if (notFoundIsNull && response.statusCode === 404) {
      parts[part] = null;
      continue;
    }
    expect(response.statusCode, `${call} as ${who.user.role}`).toBe(200);
    parts[part] = response.json();
  }
  return parts;
}

describe('getERViewByMeta', () => {
  for (const name of ['creator RLF', 'RLF', 'QPPV', 'CL', 'Fabricante']) {
    it(`answers ${name} exactly what the per-record calls answer, part by part`, async () => {
      const who = session(name);
      const response = await get(t, who, `getERViewByMeta/${world.meta}`);
      expect(response.statusCode).toBe(200);
      const combined = response.json() as Record<string, unknown>;
      expect(Object.keys(combined).sort()).toEqual(PARTS.map((entry) => entry.part).sort());
      expect(combined).toEqual(await separately(who, world.meta));
    });
  }

  it('carries every record of the case, and a Fabricante gets them without the reporter’s contact', async () => {
    const rlf = (await get(t, session('RLF'), `getERViewByMeta/${world.meta}`)).json() as ErView;
    expect(rlf.Evento.Meta).toBe(world.meta);
    expect(rlf.Paciente?.InstMedica).toContain(world.marker);
    expect(rlf.Origen).not.toBeNull();
    expect(rlf.Medicamentos.map((medication) => medication.Id)).toEqual([world.medicationId]);
    expect(rlf.RAMs.map((ram) => ram.Id)).toEqual([world.ramId]);
    expect(rlf.MedicamentosAnteriores).toHaveLength(1);
    expect(rlf.ContactoMedico?.Id).toBe(world.medicalContactId);
    expect(rlf.Documentos.map((document) => document.Id)).toEqual([world.documentId]);
    expect(rlf.AprobacionFabricante).toMatchObject({ Aprobado: true, Comentario: 'Aprobado por el fabricante' });
    expect(rlf.QuienReporta.Email).toContain(world.marker.toLowerCase());
    expect(rlf.Paciente?.Email).not.toBeNull();
    const qppv = (await get(t, session('QPPV'), `getERViewByMeta/${world.meta}`)).json() as ErView;
    expect(qppv.Acciones.map((action) => action.Accion)).toContain('EnEsperaFabricante');

    const fabricante = (await get(t, session('Fabricante'), `getERViewByMeta/${world.meta}`)).json() as ErView;
    expect(fabricante.QuienReporta.Origen).not.toBe('Usuario');
    expect(fabricante.QuienReporta).toMatchObject({ Nombre: null, Email: null, Telefono: null });
    expect(fabricante.Paciente).toMatchObject({ Phone: null, Email: null });
  });

  it('answers a case without patient, origin or contact as the per-record calls do (the patient’s 404 as null)', async () => {
    const who = session('creator RLF');
    const response = await get(t, who, `getERViewByMeta/${bare.meta}`);
    expect(response.statusCode).toBe(200);
    const combined = response.json() as ErView;
    expect(combined.Paciente).toBeNull();
    expect(combined.Origen).toBeNull();
    expect(combined.ContactoMedico).toBeNull();
    expect(combined.Documentos).toEqual([]);
    expect(combined).toEqual(await separately(who, bare.meta));
  });

  for (const name of ['RLF of another country', 'Fabricante of another laboratory']) {
    it(`refuses ${name} (out of reach) with the 404 of getERByMeta, leaking nothing`, async () => {
      const who = session(name);
      const response = await get(t, who, `getERViewByMeta/${world.meta}`);
      const single = await get(t, who, `getERByMeta/${world.meta}`);
      expect(single.statusCode).toBe(404);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(single.json());
      for (const secret of world.secrets) expect(response.body).not.toContain(secret);
    });
  }

  it('refuses a role that does not read cases as getERByMeta does (403)', async () => {
    const who = session('ADMIN');
    const response = await get(t, who, `getERViewByMeta/${world.meta}`);
    const single = await get(t, who, `getERByMeta/${world.meta}`);
    expect(single.statusCode).toBe(403);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(single.json());
  });

  it('answers an unknown case 404 and a malformed meta 400 with the Spanish message, before any read', async () => {
    const who = session('RLF');
    const unknown = await get(t, who, 'getERViewByMeta/AAAAAAAAAAAAAAAAAAAAAA');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ Message: MSG.lists.eventNotFound });
    const malformed = await get(t, who, `getERViewByMeta/${encodeURIComponent('no válido!')}`);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ Message: MSG.lists.eventNotFound });
  });
});
