import { MSG } from '@atalaya/domain';
import { describe, expect, it } from 'vitest';
import type { FollowUpDraft } from '../step-contract';
import { finishedPath, finishRequest, finishTexts } from './summary-finish';

const draft = {
  patient: { Initials: 'JP' },
  origin: { Have: false, NotHave: 'Sin documento', OrigenId: 1, TipoId: 1 },
  medicamentos: [
    { key: 'a', input: { Medicine: { Id: 3 }, LineaId: 4, FormaFarmaceuticaId: 1, PrincipiosActivos: [] }, display: { ComercialName: 'X', Laboratorio: 'L', Linea: 'F' } },
  ],
  rams: [],
} as unknown as FollowUpDraft;

describe('sending the wizard', () => {
  it('sends a case with insertER {Event: {Meta}, comentario}, the comment trimmed', () => {
    expect(finishRequest('meta-1', null, '  Listo para revisión ')).toEqual({
      path: 'insertER',
      body: { Event: { Meta: 'meta-1' }, comentario: 'Listo para revisión' },
    });
  });

  it('sends no comment as null', () => {
    expect(finishRequest('meta-1', null, '   ').body.comentario).toBeNull();
  });

  it('sends a follow-up report with insertES and the whole draft', () => {
    const request = finishRequest('meta-1', draft, 'Nuevo dato');
    expect(request.path).toBe('insertES');
    expect(request.body).toEqual({
      ev: { Meta: 'meta-1' },
      comentario: 'Nuevo dato',
      patient: draft.patient,
      origin: draft.origin,
      medicamentos: [draft.medicamentos[0]!.input],
      rams: [],
    });
  });

  it("opens the sent case's page, and a follow-up event at …/view/details/3", () => {
    expect(finishedPath({ MetaData: 'abc' }, false)).toBe('/reportableEvent/abc/view/details');
    expect(finishedPath({ MetaData: 'new-1' }, true)).toBe('/reportableEvent/new-1/view/details/3');
  });

  it('titles the confirmation by the kind of report', () => {
    expect(finishTexts(false)).toEqual({ title: MSG.wizard.finishTitle, done: MSG.wizard.sent });
    expect(finishTexts(true)).toEqual({ title: MSG.wizard.finishFollowUpTitle, done: MSG.wizard.followUpSent });
  });
});
