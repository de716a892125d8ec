import { SETTING_RULES, settingValueError } from '@atalaya/domain';
import { describe, expect, it } from 'vitest';
import {
  activeIngredients,
  companies,
  countries,
  demoUsers,
  eventStatuses,
  families,
  groups,
  homeReportStatuses,
  meddraHlgts,
  meddraHlts,
  meddraLlts,
  meddraPts,
  meddraSocs,
  products,
  referenceLists,
  settings,
} from './index.js';

function duplicates<T>(values: T[]): T[] {
  return values.filter((value, index) => values.indexOf(value) !== index);
}

const laboratories = companies.flatMap((company) => company.laboratories);
const lines = laboratories.flatMap((laboratory) => laboratory.lines);
const countryCodes = new Set(countries.map((country) => country.code));

function referenceValues(table: string, column: string): string[] {
  return (referenceLists[table] ?? []).map((row) => String(row.fields[column]));
}

describe('catalogue seed data', () => {
  it('has unique codes for every kind of record', () => {
    expect(duplicates(countries.map((c) => c.code))).toEqual([]);
    expect(duplicates(companies.map((c) => c.code))).toEqual([]);
    expect(duplicates(laboratories.map((l) => l.code))).toEqual([]);
    expect(duplicates(lines.map((l) => l.code))).toEqual([]);
    expect(duplicates(activeIngredients.map((i) => i.code))).toEqual([]);
    expect(duplicates(families.map((f) => f.code))).toEqual([]);
    expect(duplicates(products.map((p) => p.code))).toEqual([]);
  });

  it('starts with Uruguay and gives every country a valid IANA time zone', () => {
    expect(countries[0]).toEqual({ code: 'UY', name: 'Uruguay', timeZone: 'America/Montevideo' });
    expect(countries).toHaveLength(10);
    for (const country of countries) {
      expect(() => new Intl.DateTimeFormat('es', { timeZone: country.timeZone })).not.toThrow();
    }
  });

  it('places companies and laboratories in known countries, with enough laboratories', () => {
    expect(laboratories.length).toBeGreaterThanOrEqual(14);
    for (const company of companies) {
      expect(countryCodes).toContain(company.countryCode);
      expect(company.laboratories.length).toBeGreaterThanOrEqual(1);
      expect(company.laboratories.length).toBeLessThanOrEqual(3);
      for (const laboratory of company.laboratories) {
        expect(countryCodes).toContain(laboratory.countryCode);
        expect(laboratory.lines.length).toBeGreaterThanOrEqual(1);
        expect(laboratory.lines.length).toBeLessThanOrEqual(3);
      }
    }
  });

  it('links every product to an existing family, laboratory, line of that laboratory and ingredients', () => {
    const familyCodes = new Set(families.map((f) => f.code));
    const ingredientCodes = new Set(activeIngredients.map((i) => i.code));
    const units = new Set(referenceValues('MedicamentoUnidad', 'Nombre'));
    const forms = new Set(referenceValues('FormaFarmaceutica', 'Nombre'));
    for (const product of products) {
      const laboratory = laboratories.find((l) => l.code === product.laboratoryCode);
      expect(laboratory, product.code).toBeDefined();
      expect(laboratory?.lines.map((l) => l.code), product.code).toContain(product.lineCode);
      expect(familyCodes, product.code).toContain(product.familyCode);
      expect(forms, product.code).toContain(product.pharmaceuticalForm);
      expect(product.ingredients.length, product.code).toBeGreaterThanOrEqual(1);
      expect(duplicates(product.countryCodes), product.code).toEqual([]);
      for (const country of product.countryCodes) expect(countryCodes, product.code).toContain(country);
      for (const ingredient of product.ingredients) {
        expect(ingredientCodes, product.code).toContain(ingredient.activeIngredientCode);
        expect(units, product.code).toContain(ingredient.unit);
        expect(ingredient.concentration, product.code).toBeGreaterThan(0);
      }
    }
  });

  it('has enough content, with at least eight products sold in every country', () => {
    expect(activeIngredients.length).toBeGreaterThanOrEqual(30);
    expect(families.length).toBeGreaterThanOrEqual(12);
    expect(products.length).toBeGreaterThanOrEqual(60);
    for (const country of countries) {
      const sold = products.filter((p) => p.countryCodes.includes(country.code));
      expect(sold.length, country.code).toBeGreaterThanOrEqual(8);
    }
    const combination = products.find((p) =>
      ['AMOXICILINA', 'ACIDO-CLAVULANICO'].every((code) => p.ingredients.some((i) => i.activeIngredientCode === code)),
    );
    expect(combination).toBeDefined();
  });
});

describe('groups and statuses seed data', () => {
  it('has the five groups, with sub-groups 0 and 1 in group 1 and unique sub-group ids', () => {
    expect(groups.map((g) => g.id)).toEqual([1, 2, 3, 4, 5]);
    const subGroups = groups.flatMap((g) => g.subGroups);
    expect(duplicates(subGroups.map((s) => s.id))).toEqual([]);
    expect(duplicates(subGroups.map((s) => s.code))).toEqual([]);
    const first = groups[0]?.subGroups ?? [];
    expect(first).toContainEqual({ id: 0, code: '0', name: 'Sin clasificar (reporte de la web)' });
    expect(first.find((s) => s.id === 1)?.name).toBe('Reacción adversa a medicamento');
    expect(groups[4]?.subGroups.map((s) => s.name)).toEqual([
      'Exposición durante el embarazo',
      'Exposición durante la lactancia',
      'Sobredosis',
      'Uso fuera de indicación',
      'Abuso o mal uso',
      'Exposición ocupacional',
    ]);
  });

  it('has the workflow statuses 1 to 9 and 11, and the incoming-report statuses (4 Ingresado is ours)', () => {
    expect(eventStatuses.map((s) => s.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 11]);
    expect(eventStatuses.find((s) => s.id === 11)?.name).toBe('Anulado');
    expect(homeReportStatuses.map((s) => s.name)).toEqual(['Nuevo', 'En revisión', 'Descartado', 'Ingresado']);
  });
});

describe('reference lists seed data', () => {
  it('has unique values and the spec columns in every row of every list', () => {
    const columns: Record<string, string[]> = {
      MedicamentoFrecuencia: ['Nombre'],
      MedicamentoUnidad: ['Nombre'],
      MedicamentoUnidadUso: ['Nombre'],
      Parentesco: ['Nombre'],
      AccionMedicamento: ['Nombre'],
      AlturaUnidad: ['NombreCompleto', 'Abreviacion'],
      PesoUnidad: ['NombreCompleto', 'Abreviacion'],
      ReporteOriginador_Origen: ['Nombre'],
      ReporteOriginador_Receptor: ['Nombre'],
      ReporteOriginador_Tipo: ['Nombre'],
      NotasArchivosTipo: ['Nombre'],
      ViaDeComunicacion: ['Nombre'],
      Via: ['Descripcion'],
      RAMTipos: ['Type', 'Descripcion'],
      RAMCategorias: ['Type'],
      MedicamentosAnteriores_Tipo: ['Nombre'],
      PaisOrigen: ['Nombre'],
      Especialidad: ['Description'],
      Residencias: ['Nombre'],
      FormaFarmaceutica: ['Nombre'],
    };
    expect(Object.keys(referenceLists).sort()).toEqual(Object.keys(columns).sort());
    for (const [table, rows] of Object.entries(referenceLists)) {
      expect(rows.length, table).toBeGreaterThan(0);
      expect(duplicates(rows.map((r) => r.value)), table).toEqual([]);
      for (const row of rows) {
        expect(Object.keys(row.fields).sort(), table).toEqual([...(columns[table] ?? [])].sort());
        for (const value of Object.values(row.fields)) expect(String(value).trim(), table).not.toBe('');
      }
    }
  });

  it('keeps the positions the screens rely on', () => {
    expect(referenceValues('AccionMedicamento', 'Nombre').slice(1, 3)).toEqual(['Dosis reducida', 'Dosis aumentada']);
    expect(referenceLists.ReporteOriginador_Receptor?.map((r) => r.value)).toEqual(
      referenceLists.ReporteOriginador_Receptor?.map((_, index) => String(index + 1)),
    );
    expect(referenceLists.ReporteOriginador_Tipo?.map((r) => r.value)).toEqual(
      referenceLists.ReporteOriginador_Tipo?.map((_, index) => String(index + 1)),
    );
    expect(referenceValues('ReporteOriginador_Receptor', 'Nombre')[1]).toBe('Estudio clínico / investigador');
    expect(referenceValues('ReporteOriginador_Tipo', 'Nombre')[3]).toBe('Estudio clínico');
    expect(referenceValues('RAMTipos', 'Type')).toEqual(['Tipo I', 'Tipo II', 'Tipo III', 'Tipo IV']);
    expect(referenceLists.MedicamentoUnidad?.length).toBeLessThan(50);
    const paisOrigen = referenceLists.PaisOrigen?.map((r) => r.value) ?? [];
    expect(paisOrigen).toEqual([...countries.map((c) => c.code), 'OTRO']);
  });
});

describe('settings and demo users seed data', () => {
  it('has unique setting names whose values match their type', () => {
    expect(duplicates(settings.map((s) => s.name))).toEqual([]);
    for (const setting of settings) {
      if (setting.typeValue === 'number') expect(Number.isFinite(Number(setting.value)), setting.name).toBe(true);
      if (setting.typeValue === 'boolean') expect(['true', 'false'], setting.name).toContain(setting.value);
      // An optional address (the E2B sender's e-mail) may start blank.
      if (setting.typeValue === 'email' && setting.value !== '') expect(setting.value, setting.name).toMatch(/^[^@\s]+@[^@\s]+$/);
    }
    expect(settings.find((s) => s.name === 'users.sessionTimeoutMinutes')?.value).toBe('30');
    // Exactly the settings the code defines (and reads), each default valid by its rule.
    expect(settings.map((s) => s.name).sort()).toEqual(Object.keys(SETTING_RULES).sort());
    for (const setting of settings) expect(settingValueError(setting.name, setting.value), setting.name).toBeNull();
    const groupsUsed = new Set(settings.map((s) => s.group));
    expect([...groupsUsed].sort()).toEqual(['E2B', 'Evento Reportable', 'Notificaciones_Error', 'SMTP', 'Usuarios', 'Web']);
  });

  it('has one demo user per role, with known countries, specialities and laboratories', () => {
    const specialities = new Set(referenceLists.Especialidad?.map((r) => r.value));
    const laboratoryCodes = new Set(laboratories.map((l) => l.code));
    expect(duplicates(demoUsers.map((u) => u.email))).toEqual([]);
    expect(new Set(demoUsers.map((u) => u.role))).toEqual(new Set(['ADMIN', 'QPPV', 'RLF', 'CL', 'Fabricante']));
    for (const user of demoUsers) {
      expect(countryCodes, user.email).toContain(user.countryCode);
      expect(specialities, user.email).toContain(user.specialityValue);
      if (user.laboratories !== 'all') {
        for (const code of user.laboratories) expect(laboratoryCodes, user.email).toContain(code);
      }
    }
    const rlfLaboratories = demoUsers.find((u) => u.email === 'rlf@demo.atalaya')?.laboratories;
    expect(rlfLaboratories).toEqual(laboratories.filter((l) => l.countryCode === 'UY').map((l) => l.code));
    expect(demoUsers.find((u) => u.email === 'terminos@demo.atalaya')?.acceptTerms).toBe(false);
  });
});

describe('MedDRA demo sample', () => {
  it('has unique codes per level and enough terms', () => {
    expect(meddraSocs.length).toBeGreaterThanOrEqual(12);
    expect(meddraLlts.length).toBeGreaterThanOrEqual(120);
    for (const level of [meddraSocs, meddraHlgts, meddraHlts, meddraPts, meddraLlts]) {
      expect(duplicates(level.map((term) => term.code))).toEqual([]);
      for (const term of level) expect(String(term.code)).toMatch(/^\d{8}$/);
    }
    const upperCodes = [meddraSocs, meddraHlgts, meddraHlts, meddraPts].flatMap((level) => level.map((t) => t.code));
    expect(duplicates(upperCodes)).toEqual([]);
  });

  it('resolves every LLT through PT, HLT and HLGT to a SOC, including the primary SOC', () => {
    const pts = new Map(meddraPts.map((t) => [t.code, t]));
    const hlts = new Map(meddraHlts.map((t) => [t.code, t]));
    const hlgts = new Map(meddraHlgts.map((t) => [t.code, t]));
    const socs = new Set(meddraSocs.map((t) => t.code));
    const socsOfPt = (ptCode: number): number[] =>
      (pts.get(ptCode)?.hltCodes ?? [])
        .flatMap((hlt) => hlts.get(hlt)?.hlgtCodes ?? [])
        .flatMap((hlgt) => hlgts.get(hlgt)?.socCodes ?? []);
    for (const llt of meddraLlts) {
      const pt = pts.get(llt.ptCode);
      expect(pt, llt.name).toBeDefined();
      for (const hlt of pt?.hltCodes ?? []) {
        expect(hlts.has(hlt), llt.name).toBe(true);
        for (const hlgt of hlts.get(hlt)?.hlgtCodes ?? []) {
          expect(hlgts.has(hlgt), llt.name).toBe(true);
          for (const soc of hlgts.get(hlgt)?.socCodes ?? []) expect(socs.has(soc), llt.name).toBe(true);
        }
      }
      expect(socsOfPt(llt.ptCode), llt.name).toContain(pt?.primarySocCode);
    }
  });

  it('gives every PT a current LLT with its own name and code, and covers common reactions', () => {
    for (const pt of meddraPts) {
      expect(meddraLlts, pt.name).toContainEqual({ code: pt.code, name: pt.name, ptCode: pt.code, current: true });
    }
    const names = new Set(meddraLlts.map((t) => t.name.toLowerCase()));
    for (const term of ['cefalea', 'erupción cutánea', 'anafilaxia', 'tos seca', 'insuficiencia renal aguda', 'fiebre',
      'falta de eficacia', 'error de medicación', 'sobredosis', 'exposición durante el embarazo']) {
      expect(names, term).toContain(term);
    }
  });
});
