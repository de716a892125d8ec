import { createErBodySchema, createEventSchema, MSG, type ErNew } from '@atalaya/domain';
import { describe, expect, it } from 'vitest';
import { createCountryOptions, initialCreateChoice, reportTypeOptions } from './create-event';

const subGroups: ErNew['SubGrupos'] = [
  { Id: 1, Nombre: 'RAM', GrupoId: 1, GrupoNombre: 'Reacción adversa a medicamento' },
  { Id: 2, Nombre: 'RAM en embarazo', GrupoId: 1, GrupoNombre: 'Reacción adversa a medicamento' },
  { Id: 6, Nombre: 'Sin efecto terapéutico', GrupoId: 2, GrupoNombre: 'Falta de eficacia' },
];

const qppv: ErNew = {
  Id: null,
  Status: 1,
  Country: null,
  SubGrupoId: null,
  Countries: [
    { Id: 1, Codigo: 'AR', Nombre: 'Argentina' },
    { Id: 2, Codigo: 'UY', Nombre: 'Uruguay' },
  ],
  SubGrupos: subGroups,
};
const rlf: ErNew = { ...qppv, Country: 'UY', Countries: [{ Id: 2, Codigo: 'UY', Nombre: 'Uruguay' }] };

describe("the 'Crear Evento Reportable' dialog", () => {
  it("preselects an RLF's only country and leaves the choice to others", () => {
    expect(initialCreateChoice(rlf)).toEqual({ Country: 'UY', SubGrupoId: null });
    expect(initialCreateChoice(qppv)).toEqual({ Country: null, SubGrupoId: null });
    expect(initialCreateChoice({ ...qppv, Country: 'BR' }).Country).toBeNull();
  });

  it('offers the countries by code with their names', () => {
    expect(createCountryOptions(qppv)).toEqual([
      { value: 'AR', label: 'Argentina' },
      { value: 'UY', label: 'Uruguay' },
    ]);
  });

  it('groups the report types under their group', () => {
    expect(reportTypeOptions(qppv)).toEqual([
      {
        group: 'Reacción adversa a medicamento',
        items: [
          { value: '1', label: 'RAM' },
          { value: '2', label: 'RAM en embarazo' },
        ],
      },
      { group: 'Falta de eficacia', items: [{ value: '6', label: 'Sin efecto terapéutico' }] },
    ]);
  });

  it('asks for both choices with the spec messages', () => {
    const result = createEventSchema.safeParse(initialCreateChoice(qppv));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([MSG.createEvent.countryRequired, MSG.createEvent.reportTypeRequired]);
  });

  it('sends a choice the createER body accepts', () => {
    const choice = { ...initialCreateChoice(rlf), SubGrupoId: '2' };
    expect(createEventSchema.safeParse(choice).success).toBe(true);
    expect(createErBodySchema.parse({ Country: choice.Country, SubGrupoId: Number(choice.SubGrupoId) })).toEqual({ Country: 'UY', SubGrupoId: 2 });
  });
});
