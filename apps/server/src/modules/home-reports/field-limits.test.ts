import {
  FIELD_LIMITS,
  firstErrorMessage,
  medicalContactInputSchema,
  medicationInputSchema,
  MSG,
  patientInputSchema,
  previousMedicationInputSchema,
  ramInputSchema,
  SHARED_TEXT_FIELDS,
  type FieldLimit,
} from '@atalaya/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { get, post, sessionOf, validPatient, type Session } from '../../test-support/case-edit.js';
import { createMedicationProduct, medicationForm, ramForm, type MedicationProduct } from '../../test-support/case-medications.js';
import { randomIp, solveCaptcha } from '../../test-support/factories.js';
import { triageOk } from '../../test-support/home-reports.js';
import { patientReport, professionalReport } from '../../test-support/public-reports.js';

/**
 * docs/api.md 'Input rules', field lengths: one table (`FIELD_LIMITS`) for the public report
 * and the wizard. For every field a report hands on to the case (`SHARED_TEXT_FIELDS`), the
 * public form refuses exactly what the wizard refuses; and a report with every such field at
 * its longest is entered and then saved, unchanged, through each step of the wizard.
 */

let t: TestApp;
let rlf: Session;
let product: MedicationProduct;

beforeAll(async () => {
  t = await createTestApp();
  rlf = await sessionOf(t, 'RLF');
  product = await createMedicationProduct(t.database.db, { countries: ['UY'] });
});
afterAll(() => t.close());

/** A valid value of exactly `length` characters for a field of this kind. */
function valueOf(limit: FieldLimit, length: number): string {
  if (limit === 'phone') return '9'.repeat(length);
  if (limit === 'initials') return 'ABCDEFGH'.slice(0, length);
  if (limit === 'email') return `${'a'.repeat(length - 10)}@correo.uy`;
  return 'ñ'.repeat(length);
}

type Json = Record<string, unknown>;

/** Sets `path` ('RAM[].Reaccion' = every reaction's) in a report. */
function setPath(report: Json, path: string, value: string): void {
  const [head, ...rest] = path.split('.');
  if (!head) return;
  const key = head.replace('[]', '');
  const target = report[key];
  if (rest.length === 0) {
    report[key] = value;
  } else if (head.endsWith('[]')) {
    for (const item of target as Json[]) setPath(item, rest.join('.'), value);
  } else {
    setPath(target as Json, rest.join('.'), value);
  }
}

/**
 * A professional's report with a reporter, a consultation and a MedDRA term; a patient's for
 * the one field only that variant has (CentroMedico).
 */
function report(path = ''): Json {
  const base = structuredClone(path === 'Paciente.CentroMedico' ? patientReport(product) : professionalReport(product)) as unknown as Json;
  const contact = base.ContactoMedico as Json;
  contact.ContactoMedico = 'SI';
  contact.Medico = { FechaContacto: '2026-01-03', Intervencion: 'Suspendió', Nombre: 'Dra. Suárez', Profesion: 'Médica', Email: 'suarez@correo.uy', Telefono: '099', CentroAtencion: 'Policlínica' };
  (base.Paciente as Json).CentroMedico = 'Centro';
  return base;
}

function sendReport(payload: Json) {
  return solveCaptcha(t.app).then((token) =>
    t.app.inject({ method: 'POST', url: '/api/postreporthome', remoteAddress: randomIp(), headers: { 'recaptcha-token': token }, payload }),
  );
}

/** The wizard schema and a valid input of each wizard step a shared field lands in. */
function wizardRefusal(wizardField: string, value: string): string | null {
  const [call, field = ''] = wizardField.split(' ');
  const check = (schema: z.ZodType, input: Json, key: string) => {
    const [outer, inner] = key.split('.');
    const body = structuredClone(input);
    if (inner && outer) body[outer] = { ...(body[outer] as Json), [inner]: value };
    else if (outer) body[outer] = value;
    return firstErrorMessage(schema, body);
  };
  switch (call) {
    case 'setPaciente':
      return check(patientInputSchema, validPatient() as unknown as Json, field);
    case 'insertRAM':
      return check(ramInputSchema, ramForm({ llt_code: 10019211, llt_name: 'Cefalea' }) as unknown as Json, field);
    case 'insertMedicamentoRelacionado':
      return check(medicationInputSchema, medicationForm(product) as unknown as Json, field);
    case 'setMedicamentoAnterior':
      return check(previousMedicationInputSchema, { Medicamento: 'Enalapril' }, field);
    case 'insertContactoMedico':
      return check(medicalContactInputSchema, { SeContacto: true, NombreMedico: 'Dra. Suárez' }, field);
    default:
      throw new Error(`No wizard step for ${wizardField}`);
  }
}

describe('the public form refuses what the wizard refuses, field by field (FIELD_LIMITS)', () => {
  it.each(SHARED_TEXT_FIELDS.map((field) => [field.report, field.wizard, field.limit] as const))(
    '%s (→ %s): %s characters pass both, one more is refused by both',
    async (reportPath, wizardField, limit) => {
      const max = FIELD_LIMITS[limit];
      const longest = valueOf(limit, max);
      const tooLong = valueOf(limit, max + 1);
      expect(longest).toHaveLength(max);
      expect(tooLong).toHaveLength(max + 1);

      expect(wizardRefusal(wizardField, longest)).toBeNull();
      expect(wizardRefusal(wizardField, tooLong)).toBe(MSG.generic.maxLength(max));

      const refused = report(reportPath);
      setPath(refused, reportPath, tooLong);
      const response = await sendReport(refused);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ Message: MSG.generic.maxLength(max) });
    },
  );
});

describe('a report at the longest lengths', () => {
  it('is accepted, entered as a case, and every step of that case saves through the wizard', async () => {
    const longest = report();
    for (const field of SHARED_TEXT_FIELDS) {
      // Reaccion and the MedDRA name both give the RAM's description: keep the longest.
      setPath(longest, field.report, valueOf(field.limit, FIELD_LIMITS[field.limit]));
    }
    const sent = await sendReport(longest);
    expect(sent.statusCode, sent.body).toBe(200);
    const { Id: id } = sent.json<{ Id: string }>();
    const entered = await triageOk(t, 'createerfromerhome', rlf, { homeERId: id, subGroup: 1 });
    const meta = entered.MetaData ?? '';

    const patient = (await get(t, rlf, `getPacienteByERMeta/${meta}`)).json<Json>();
    expect(patient.CondicionesMedicas).toHaveLength(FIELD_LIMITS.longText);
    const savedPatient = await post(t, rlf, 'setPaciente', { ...patient, IdER: meta });
    expect(savedPatient.statusCode, savedPatient.body).toBe(200);

    const rams = (await get(t, rlf, `getRAMByMeta/${meta}`)).json<Json[]>();
    expect(rams.length).toBeGreaterThan(0);
    for (const ram of rams) {
      expect(String(ram.Description)).toHaveLength(FIELD_LIMITS.longText);
      // The wizard's form sends no IsRAM (that is the RAM tab's classification); 'Esperado' is
      // the one answer the wizard needs that a report does not give.
      const { IsRAM: _classification, ...fields } = ram;
      const saved = await post(t, rlf, 'updateRAM', { ram: { ...fields, IsExpected: ram.IsExpected ?? false, IdER: meta }, comentario: 'Sin cambios' });
      expect(saved.statusCode, saved.body).toBe(200);
    }

    const medications = (await get(t, rlf, `getProductsRelationsByMeta/${meta}`)).json<Json[]>();
    for (const medication of medications) {
      expect(String(medication.Indication)).toHaveLength(FIELD_LIMITS.longText);
      // What the wizard asks that a report does not give (the line when the catalogue has none,
      // the form, each ingredient's concentration) is answered; the long texts go back as read.
      const answered = {
        ...medication,
        LineaId: medication.LineaId ?? product.lines[0]?.id,
        FormaFarmaceuticaId: medication.FormaFarmaceuticaId ?? 1,
        PrincipiosActivos: (medication.PrincipiosActivos as Json[]).map((ingredient) => ({ ...ingredient, Concentracion: ingredient.Concentracion ?? 500 })),
      };
      const saved = await post(t, rlf, 'updateMedicamentoRelacionado', { ...answered, IdER: meta });
      expect(saved.statusCode, saved.body).toBe(200);
    }

    const previous = (await get(t, rlf, `MedicamentoAnteriorByMeta/${meta}`)).json<Json[]>();
    expect(previous.map((row) => String(row.Medicamento).length)).toEqual([FIELD_LIMITS.medicationName]);
    const savedPrevious = await post(t, rlf, 'setMedicamentoAnterior', { EvRepId: meta, Medications: previous });
    expect(savedPrevious.statusCode, savedPrevious.body).toBe(200);

    const contact = (await get(t, rlf, `getContactoMedicoByMeta/${meta}`)).json<Json>();
    expect(String(contact.Intervencion)).toHaveLength(FIELD_LIMITS.longText);
    const savedContact = await post(t, rlf, 'updateContactoMedico', { ...contact, ErId: meta });
    expect(savedContact.statusCode, savedContact.body).toBe(200);
  });
});
