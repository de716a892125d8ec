import { describe, expect, it } from 'vitest';
import { createEventSchema } from './create-event.js';

describe('create-event dialog', () => {
  it('asks for a country and a report type', () => {
    const issues = createEventSchema.safeParse({ Country: 'none', SubGrupoId: '' }).error?.issues.map((issue) => issue.message);
    expect(issues).toEqual(['Debe seleccionar un país', 'Debe indicar el tipo de reporte que quiere crear']);
    expect(createEventSchema.safeParse({ Country: 'UY', SubGrupoId: 3 }).success).toBe(true);
  });
});
