import { MSG } from '@atalaya/domain';
import type { FieldErrors, ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { emptyReport, type ReportFormValues } from './form-values';
import { stepResolver } from './step-resolver';

const OPTIONS: ResolverOptions<ReportFormValues> = { fields: {}, shouldUseNativeValidation: false };

async function errorsAt(values: ReportFormValues, step: number): Promise<FieldErrors<ReportFormValues>> {
  return (await stepResolver(values, { step }, OPTIONS)).errors;
}

describe('stepResolver', () => {
  it('shows the domain messages of a required select, not zod generic ones', async () => {
    const values = emptyReport(true);
    values.Tipo.Pais = null;
    const errors = await errorsAt(values, 1);
    expect(errors.Tipo?.SubGroup?.message).toBe(MSG.publicForm.subGroupRequired);
    expect(errors.Tipo?.Pais?.message).toBe(MSG.publicForm.countryRequired);
  });

  it('gives a patient without a country of residence the country message', async () => {
    const values = emptyReport(false);
    values.Paciente.Pais = null;
    const errors = await errorsAt(values, 2);
    expect(errors.Paciente?.Pais?.message).toBe(MSG.publicForm.countryRequired);
    expect(errors.Paciente?.Iniciales?.message).toBe(MSG.publicForm.initialsRequired);
    expect(errors.Paciente?.Sexo?.message).toBe(MSG.publicForm.sexRequired);
  });

  it('nests errors of list items and keeps one message per field', async () => {
    const errors = await errorsAt(emptyReport(true), 3);
    expect(errors.RAM?.[0]?.Grave?.message).toBe(MSG.publicForm.severityRequired);
    const future = emptyReport(false);
    future.RAM[0] = { ...future.RAM[0]!, Reaccion: 'Picazón', FechaIniReaccion: '2999-01-01' };
    expect((await errorsAt(future, 3)).RAM?.[0]?.FechaIniReaccion?.message).toBe(MSG.generic.futureDate);
  });

  it('passes a valid step and steps without rules', async () => {
    const values = emptyReport(true);
    values.Tipo.SubGroup = 1;
    expect(await errorsAt(values, 1)).toEqual({});
    expect(await errorsAt(emptyReport(true), 5)).toEqual({});
    expect(await errorsAt(emptyReport(true), 8)).toEqual({});
  });
});
