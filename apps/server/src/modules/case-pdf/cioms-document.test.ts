import type { CiomsForm } from '@atalaya/domain';
import { describe, expect, it } from 'vitest';
import { pdftotext, words } from '../../test-support/pdftotext.js';
import { CIOMS_CONTINUATION_TITLE, CIOMS_CONTINUED, CIOMS_LABELS, CIOMS_SERIOUSNESS_LABELS, fitBox, renderCiomsPdf } from './cioms-document.js';
import { measureText } from './render.js';

/**
 * The CIOMS I form's layout, read back by poppler's pdftotext as a receiver would: every box's
 * value on the first page, continuation pages when boxes overflow, nothing cut.
 */

const flat = (text: string) => text.replace(/\s+/gu, ' ');

function fullForm(overrides: Partial<CiomsForm> = {}): CiomsForm {
  return {
    caseNumber: 'UY-2026-000777',
    patientInitials: 'M. G.',
    country: 'Uruguay',
    birthDate: { day: '05', month: 'MAR', year: '1980' },
    age: '45 años',
    sex: 'Femenino',
    onset: { day: '14', month: 'ENE', year: '2026' },
    reactions: ['Urticaria generalizada (LLT 10046740, MedDRA 27.0): inicio 14/ENE/2026; desenlace: en recuperación'],
    narrative: ['Paciente que presentó ronchas pruriginosas tras la segunda dosis.'],
    tests: ['IgE total elevada (450 UI/ml).'],
    seriousness: { died: false, hospitalisation: true, disability: false, lifeThreatening: true, congenitalAnomaly: false, otherMedicallyImportant: false },
    suspectDrugs: [
      {
        name: 'Amoxidal (amoxicilina 500 mg)',
        dailyDose: '500 mg cada 8 horas',
        route: 'Oral',
        indication: 'Faringitis aguda',
        therapyDates: '12/ENE/2026 - 15/ENE/2026',
        duration: '4 días',
        abated: 'yes',
        reappeared: 'no',
      },
    ],
    concomitantDrugs: ['Ibuprofeno 400 mg: 10/ENE/2026 - 13/ENE/2026'],
    history: ['Asma bronquial desde la infancia.'],
    manufacturer: 'Laboratorio Austral S.A., Av. Italia 1234, Montevideo, Uruguay',
    controlNumber: 'UY-ATALAYA-UY-2026-000777',
    dateReceived: '16/ENE/2026',
    source: { study: false, literature: true, healthProfessional: true },
    reportDate: '20/ENE/2026',
    reportType: 'followup',
    ...overrides,
  };
}

const render = async (form: CiomsForm) => pdftotext(await renderCiomsPdf(form, new Date('2026-01-20T12:00:00Z')));

describe('the CIOMS I form', () => {
  it('prints every box with its value on one page, and the check boxes as marked', async () => {
    const form = fullForm();
    const text = await render(form);
    const pages = text.split('\f').filter((page) => page.trim() !== '');
    expect(pages).toHaveLength(1);
    const read = flat(text);
    for (const title of Object.values(CIOMS_LABELS)) expect(read).toContain(flat(title));
    const [drug] = form.suspectDrugs;
    for (const value of [
      form.caseNumber,
      form.patientInitials,
      form.country,
      form.age,
      form.sex,
      ...form.reactions,
      ...form.narrative,
      ...form.tests,
      drug?.name,
      drug?.dailyDose,
      drug?.route,
      drug?.indication,
      drug?.therapyDates,
      drug?.duration,
      ...form.concomitantDrugs,
      ...form.history,
      form.manufacturer,
      form.controlNumber,
      form.dateReceived,
      form.reportDate,
    ]) {
      expect(read).toContain(flat(value ?? 'missing'));
    }
    // 2 and 4-6: Day / Month / Year columns.
    expect(read).toMatch(/Día Mes Año 05 MAR 1980/);
    expect(read).toMatch(/Día Mes Año 14 ENE 2026/);
    expect(read).toContain(`☐ ${CIOMS_SERIOUSNESS_LABELS.died}`);
    expect(read).toContain(`☒ ${CIOMS_SERIOUSNESS_LABELS.hospitalisation}`);
    expect(read).toContain(`☒ ${CIOMS_SERIOUSNESS_LABELS.lifeThreatening}`);
    expect(read).toContain(`☐ ${CIOMS_SERIOUSNESS_LABELS.otherMedicallyImportant}`);
    expect(read).toContain('☒ SÍ ☐ NO ☐ NA'); // 20
    expect(read).toContain('☐ SÍ ☒ NO ☐ NA'); // 21
    expect(read).toContain('☐ ESTUDIO ☒ LITERATURA ☒ PROFESIONAL DE LA SALUD');
    expect(read).toContain('☐ INICIAL ☒ SEGUIMIENTO');
    expect(read).not.toContain(CIOMS_CONTINUED);
    expect(read).not.toContain(CIOMS_CONTINUATION_TITLE);
    expect(read).toContain('Página 1 de 1');
  });

  it('puts what does not fit on continuation pages and cuts nothing: every reaction, drug and word of the narrative', async () => {
    const reactions = Array.from({ length: 25 }, (_, index) => `Reacción${index}A exantema maculopapular ${index} (LLT 100${index}, MedDRA 27.0): desenlace: recuperado`);
    const narrative = [Array.from({ length: 1500 }, (_, index) => `relato${index}`).join(' '), 'Segundo párrafo del relato: el paciente evolucionó favorablemente.'];
    const drugs = Array.from({ length: 9 }, (_, index) => ({
      name: `Fármaco${index}X (principio${index} 10 mg)`,
      dailyDose: `Dosis${index}D 10 mg cada 12 horas`,
      route: `Vía${index}R oral`,
      indication: `Indicación${index}I hipertensión`,
      therapyDates: `0${(index % 9) + 1}/FEB/2025 - 10/MAR/2025`,
      duration: `Duración${index}T 38 días`,
      abated: index % 2 === 0 ? ('yes' as const) : ('no' as const),
      reappeared: 'na' as const,
    }));
    const concomitants = Array.from({ length: 20 }, (_, index) => `Concomitante${index}C 5 mg: 01/ENE/2025 - 31/DIC/2025`);
    const history = [Array.from({ length: 200 }, (_, index) => `antecedente${index}`).join(' ')];
    const form = fullForm({ reactions, narrative, suspectDrugs: drugs, concomitantDrugs: concomitants, history });
    const text = await render(form);
    const pages = text.split('\f').filter((page) => page.trim() !== '');
    expect(pages.length).toBeGreaterThan(2);
    expect(pages[0]).toContain(CIOMS_CONTINUED);
    expect(pages[1]).toContain(CIOMS_CONTINUATION_TITLE);
    expect(text).toContain(`Página ${pages.length} de ${pages.length}`);

    const read = flat(text);
    const found = new Set(words(text));
    // Each reaction and each concomitant drug whole (an item is never split between pages).
    for (const reaction of reactions) expect(read).toContain(flat(reaction));
    for (const concomitant of concomitants) expect(read).toContain(concomitant);
    // Every word of the narrative and of the history, each once.
    for (const paragraph of [...narrative, ...history]) {
      for (const word of words(paragraph)) expect(found, word).toContain(word);
    }
    for (let index = 0; index < 1500; index += 1) expect(read.split(` relato${index} `).length - 1, `relato${index}`).toBe(1);
    // Each drug's line in boxes 14–19, numbered alike, and its own answer to 20 and 21.
    drugs.forEach((drug, index) => {
      for (const value of [drug.name, drug.dailyDose, drug.route, drug.indication, drug.therapyDates, drug.duration]) expect(read).toContain(`#${index + 1} ${value}`);
      expect(read).toContain(`#${index + 1} ${drug.abated === 'yes' ? 'SÍ' : 'NO'}`);
    });
    // The drugs disagree on 20: no answer is ticked for all of them; they agree on 21 (NA).
    expect(read).toContain('☐ SÍ ☐ NO ☐ NA');
    expect(read).toContain('☐ SÍ ☐ NO ☒ NA');
    expect(read).toContain(`${CIOMS_LABELS['7+13']} (continuación)`);
    expect(read).toContain(`${CIOMS_LABELS[14]} (continuación)`);
    expect(read).toContain(`${CIOMS_LABELS[22]} (continuación)`);
    expect(read).toContain(`${CIOMS_LABELS[23]} (continuación)`);
  });

  it('reads back Spanish accents, ñ and other scripts as written (embedded Unicode font)', async () => {
    const spanish = 'Ñandú, pingüino, acción, corazón, útero: «¿Cómo evolucionó?» ¡Mejoró! — ÁÉÍÓÚ áéíóú Üü';
    const form = fullForm({ patientInitials: 'Á. Ñ.', narrative: [spanish, 'Ζάλη και ναυτία; тошнота; żółć'], manufacturer: 'Laboratorio Peñarol S.R.L., Bvar. José Batlle y Ordóñez 1234' });
    const read = flat(await render(form));
    expect(read).toContain(spanish);
    expect(read).toContain('Ζάλη και ναυτία; тошнота; żółć');
    expect(read).toContain('Á. Ñ.');
    expect(read).toContain('Laboratorio Peñarol S.R.L., Bvar. José Batlle y Ordóñez 1234');
    expect(read).not.toContain('\uFFFD');
  });

  it('prints an empty form when the case holds nothing for the boxes', async () => {
    const form = fullForm({
      patientInitials: '',
      country: '',
      birthDate: { day: '', month: '', year: '' },
      age: '',
      sex: '',
      onset: { day: '', month: '', year: '' },
      reactions: [],
      narrative: [],
      tests: [],
      suspectDrugs: [],
      concomitantDrugs: [],
      history: [],
      manufacturer: '',
    });
    const text = await render(form);
    expect(text.split('\f').filter((page) => page.trim() !== '')).toHaveLength(1);
    expect(flat(text)).toContain('☐ SÍ ☐ NO ☐ NA');
  });
});

describe('fitBox', () => {
  const measure = measureText();

  it('keeps all the lines when they fit, and otherwise says the box continues and hands over the rest', () => {
    expect(fitBox(['uno', 'dos'], 2, 200, measure)).toEqual({ here: 'uno\ndos', rest: [] });
    const fitted = fitBox(['uno', 'dos', 'tres'], 2, 200, measure);
    expect(fitted).toEqual({ here: `uno\n${CIOMS_CONTINUED}`, rest: ['dos', 'tres'] });
  });

  it('splits a long paragraph between lines, never inside a word, and keeps whole items whole', () => {
    const paragraph = Array.from({ length: 60 }, (_, index) => `palabra${index}`).join(' ');
    const split = fitBox([paragraph], 3, 150, measure);
    const [first, second, note] = split.here.split('\n');
    expect(note).toBe(CIOMS_CONTINUED);
    expect(`${first} ${second} ${split.rest.join(' ')}`).toBe(paragraph);
    const whole = fitBox(['corto', paragraph], 3, 150, measure, 2);
    expect(whole).toEqual({ here: `corto\n${CIOMS_CONTINUED}`, rest: [paragraph] });
  });

  it('cuts a word wider than the box between characters rather than losing any', () => {
    const long = 'x'.repeat(200);
    const fitted = fitBox([long], 100, 50, measure);
    expect(fitted.rest).toEqual([]);
    expect(fitted.here.replace(/\n/g, '')).toBe(long);
  });
});
