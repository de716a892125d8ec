import { describe, expect, it } from 'vitest';
import { MSG } from './messages.js';
import {
  setWhoUmcBodySchema,
  WHO_UMC_CATEGORIES,
  WHO_UMC_CRITERIA,
  WHO_UMC_QUESTIONS,
  type WhoUmcAnswers,
  type WhoUmcCategory,
  whoUmcFinalCategory,
  whoUmcImpliedCategory,
  whoUmcIssues,
  whoUmcQuestionsAsked,
  whoUmcRelevantAnswers,
} from './who-umc.js';

/** One checklist per category: the answers an assessor gives to reach it. */
const PATHS: Record<WhoUmcCategory, WhoUmcAnswers> = {
  Cierta: { suficiente: true, temporal: true, otraCausa: false, retirada: true, definitivo: true, reexposicion: true },
  Probable: { suficiente: true, temporal: true, otraCausa: false, retirada: true, definitivo: false },
  Posible: { suficiente: true, temporal: true, otraCausa: true },
  Improbable: { suficiente: true, temporal: false },
  'Condicional/No clasificada': { suficiente: false, datosAdicionales: true },
  'No evaluable/Inclasificable': { suficiente: false, datosAdicionales: false },
};

describe('WHO-UMC categories', () => {
  it('has the six categories, each with its criteria in Spanish', () => {
    expect(WHO_UMC_CATEGORIES).toEqual(['Cierta', 'Probable', 'Posible', 'Improbable', 'Condicional/No clasificada', 'No evaluable/Inclasificable']);
    for (const category of WHO_UMC_CATEGORIES) expect(WHO_UMC_CRITERIA[category].length).toBeGreaterThan(1);
    expect(WHO_UMC_CRITERIA.Cierta).toContain('Reexposición satisfactoria, si es necesaria.');
    expect(WHO_UMC_CRITERIA['No evaluable/Inclasificable']).toContain('Los datos no pueden completarse ni verificarse.');
    for (const question of Object.values(WHO_UMC_QUESTIONS)) expect(question).toMatch(/^¿.*\?$/);
  });

  it.each(WHO_UMC_CATEGORIES)('reaches %s through the checklist', (category) => {
    expect(whoUmcImpliedCategory(PATHS[category])).toBe(category);
    expect(whoUmcIssues({ answers: PATHS[category] })).toEqual([]);
    expect(whoUmcFinalCategory({ answers: PATHS[category] })).toBe(category);
  });

  it('gives Probable, not Cierta, when a needed rechallenge was not satisfactory', () => {
    expect(whoUmcImpliedCategory({ ...PATHS.Cierta, reexposicion: false })).toBe('Probable');
  });

  it('gives Posible when the withdrawal information is lacking or unclear', () => {
    expect(whoUmcImpliedCategory({ suficiente: true, temporal: true, otraCausa: false, retirada: false })).toBe('Posible');
  });

  it('implies nothing while a question on the way is unanswered, and asks the next one', () => {
    expect(whoUmcImpliedCategory({})).toBeNull();
    expect(whoUmcQuestionsAsked({})).toEqual(['suficiente']);
    expect(whoUmcImpliedCategory({ suficiente: true, temporal: true })).toBeNull();
    expect(whoUmcQuestionsAsked({ suficiente: true, temporal: true })).toEqual(['suficiente', 'temporal', 'otraCausa']);
    expect(whoUmcQuestionsAsked({ suficiente: false })).toEqual(['suficiente', 'datosAdicionales']);
    expect(whoUmcIssues({ answers: { suficiente: true } })).toEqual([MSG.whoUmc.checklistIncomplete]);
  });

  it('drops the answers of questions off the path', () => {
    expect(whoUmcRelevantAnswers({ ...PATHS.Improbable, otraCausa: true, datosAdicionales: true })).toEqual(PATHS.Improbable);
  });
});

describe('WHO-UMC override', () => {
  it('needs a reason to keep a category other than the implied one', () => {
    expect(whoUmcIssues({ answers: PATHS.Posible, category: 'Probable' })).toEqual([MSG.whoUmc.overrideReasonRequired]);
    expect(whoUmcIssues({ answers: PATHS.Posible, category: 'Probable', overrideReason: '   ' })).toEqual([MSG.whoUmc.overrideReasonRequired]);
    expect(whoUmcFinalCategory({ answers: PATHS.Posible, category: 'Probable' })).toBeNull();
  });

  it('keeps the override with a reason, and the implied category needs none', () => {
    expect(whoUmcIssues({ answers: PATHS.Posible, category: 'Probable', overrideReason: 'Dechallenge documentado por el médico' })).toEqual([]);
    expect(whoUmcFinalCategory({ answers: PATHS.Posible, category: 'Probable', overrideReason: 'Motivo' })).toBe('Probable');
    expect(whoUmcIssues({ answers: PATHS.Posible, category: 'Posible' })).toEqual([]);
  });

  it('refuses the same in the setWhoUmc body, with the Spanish message', () => {
    const body = { er: 'm', RamId: 1, MedicamentoId: 2, Respuestas: PATHS.Posible, Categoria: 'Cierta' };
    const refused = setWhoUmcBodySchema.safeParse(body);
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(MSG.whoUmc.overrideReasonRequired);
    expect(setWhoUmcBodySchema.safeParse({ ...body, MotivoCambio: 'Reexposición positiva informada después' }).success).toBe(true);
    expect(setWhoUmcBodySchema.safeParse({ ...body, Categoria: 'Segura' }).success).toBe(false);
    expect(setWhoUmcBodySchema.safeParse({ ...body, Respuestas: { ...PATHS.Posible, otra: true } }).success).toBe(false);
  });
});
