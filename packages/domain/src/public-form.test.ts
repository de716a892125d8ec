import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { MSG } from './messages.js';
import { publicFormStepSchema, publicFormStepSchemas, publicReportSchema } from './public-form.js';

function errorsOf(schema: z.ZodType | null, value: unknown): Record<string, string> {
  const result = schema?.safeParse(value);
  if (!result || result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

const patientReport = {
  isMedic: false,
  Tipo: { Pais: 'UY', SubGroup: '0' },
  Paciente: { Pais: 'UY', Iniciales: 'JPG', Sexo: 'F', Embarazo: 'SI', Gestacion: 12, Peso: 60.5, Altura: 1.65 },
  RAM: [{ Reaccion: 'Erupción en la piel', FechaIniReaccion: '2026-01-02', FechaFinReaccion: '2026-01-05' }],
  Medicamento: [{ Producto: { Id: 7, ComercialName: 'Paracetamol 500' }, Dosis: 500, Frecuencia: 8 }],
  Concomitante: [{ Medicamento: 'Ibuprofeno' }],
  ContactoMedico: { Medico: { Nombre: 'Dra. Suárez', Profesion: 'Médica', Email: '', Telefono: '099123456' } },
  InformacionContacto: { AceptaContacto: 'SI', Reporta: { Email: 'juana@correo.uy' }, AceptaTerminos: true },
};

const professionalReport = {
  ...patientReport,
  isMedic: true,
  Tipo: { Pais: 'UY', SubGroup: 1 },
  RAM: [{ MedDRA: { llt_name: 'Rash', llt_code: 10037844 }, Grave: 'NO' }],
  ContactoMedico: { NotificadoPorOtro: 'Desconoce' },
  InformacionContacto: { AceptaContacto: 'NO', Reporta: { Nombre: 'Dr. Pérez', Profesion: 'Médico' }, AceptaTerminos: true },
};

describe('public report payload', () => {
  it('accepts complete patient and professional reports', () => {
    expect(publicReportSchema.safeParse(patientReport).error?.issues).toBeUndefined();
    expect(publicReportSchema.safeParse(professionalReport).error?.issues).toBeUndefined();
  });

  it('needs to know whether the reporter is a health professional', () => {
    expect(errorsOf(publicReportSchema, { ...patientReport, isMedic: undefined })).toEqual({
      isMedic: 'Debe indicar si es profesional de la salud',
    });
  });

  it('drops fields a variant does not have', () => {
    const parsed = publicReportSchema.parse({ ...professionalReport, Paciente: { ...patientReport.Paciente, CentroMedico: 'X' } });
    expect(parsed.Paciente).not.toHaveProperty('CentroMedico');
  });
});

describe('step 1: report type (health professional)', () => {
  it('asks for the type of occurrence and the country', () => {
    expect(errorsOf(publicFormStepSchemas.professional[1], { Tipo: { SubGroup: 'none', Pais: '' } })).toEqual({
      'Tipo.SubGroup': 'Debe seleccionar un tipo de acontecimiento',
      'Tipo.Pais': 'Debe seleccionar un país de residencia',
    });
  });

  it('does not exist for a patient', () => {
    expect(publicFormStepSchema(false, 1)).toBeNull();
    expect(publicFormStepSchema(true, 8)).toBeNull();
  });
});

describe('step 2: patient', () => {
  const step = (isMedic: boolean) => publicFormStepSchema(isMedic, 2);

  it('asks for initials, sex and (for a patient) the country', () => {
    expect(errorsOf(step(false), { Paciente: { Iniciales: '', Pais: null } })).toEqual({
      'Paciente.Pais': 'Debe seleccionar un país de residencia',
      'Paciente.Iniciales': 'Debe ingresar las iniciales del paciente',
      'Paciente.Sexo': 'Debe ingresar el sexo del paciente',
    });
    expect(errorsOf(step(true), { Paciente: { Iniciales: 'AB', Sexo: 'M' } })).toEqual({});
  });

  it('limits initials to 3, refuses future birth dates, gestation outside 0–40 and negative sizes', () => {
    const base = { Iniciales: 'AB', Sexo: 'F' };
    expect(errorsOf(step(true), { Paciente: { ...base, Iniciales: 'ABCD' } })).toEqual({
      'Paciente.Iniciales': 'No puede superar los 3 caracteres',
    });
    expect(errorsOf(step(true), { Paciente: { ...base, FechaNacimiento: '2999-01-01' } })).toEqual({
      'Paciente.FechaNacimiento': 'La fecha no puede ser futura',
    });
    expect(errorsOf(step(true), { Paciente: { ...base, Gestacion: 41 } })).toEqual({
      'Paciente.Gestacion': 'Las semanas de gestación deben estar entre 0 y 40',
    });
    expect(errorsOf(step(true), { Paciente: { ...base, Gestacion: 0, Peso: -0.1, Altura: 0 } })).toEqual({
      'Paciente.Peso': 'El valor no puede ser negativo',
      'Paciente.Altura': MSG.generic.heightRange,
    });
  });

  it('keeps height and weight within a patient’s plausible range; a height above 3 is read in centimetres', () => {
    const base = { Iniciales: 'AB', Sexo: 'F' };
    const parsed = (Altura: number) => step(true)?.safeParse({ Paciente: { ...base, Altura } });
    expect(parsed(165)?.data).toMatchObject({ Paciente: { Altura: 1.65 } });
    expect(parsed(1.65)?.data).toMatchObject({ Paciente: { Altura: 1.65 } });
    expect(errorsOf(step(true), { Paciente: { ...base, Altura: 2.9 } })).toEqual({ 'Paciente.Altura': MSG.generic.heightRange });
    expect(errorsOf(step(true), { Paciente: { ...base, Altura: 300 } })).toEqual({ 'Paciente.Altura': MSG.generic.heightRange });
    expect(errorsOf(step(true), { Paciente: { ...base, Altura: 0.1 } })).toEqual({ 'Paciente.Altura': MSG.generic.heightRange });
    expect(errorsOf(step(true), { Paciente: { ...base, Peso: 651 } })).toEqual({ 'Paciente.Peso': MSG.generic.weightRange });
    expect(errorsOf(step(true), { Paciente: { ...base, Peso: 0.1 } })).toEqual({ 'Paciente.Peso': MSG.generic.weightRange });
    expect(errorsOf(step(true), { Paciente: { ...base, Peso: 3.2, Altura: 0.5 } })).toEqual({});
  });

  it('accepts pregnancy only for a female patient', () => {
    expect(errorsOf(step(true), { Paciente: { Iniciales: 'AB', Sexo: 'M', Embarazo: 'SI' } })).toEqual({
      'Paciente.Embarazo': 'El embarazo solo corresponde a pacientes de sexo femenino',
    });
  });
});

describe('step 3: reactions', () => {
  it('needs the seriousness from a professional and a description from others', () => {
    expect(errorsOf(publicFormStepSchema(true, 3), { RAM: [{ Reaccion: 'x' }] })).toEqual({ 'RAM.0.Grave': 'Debe ingresar gravedad' });
    expect(errorsOf(publicFormStepSchema(false, 3), { RAM: [{ Reaccion: ' ' }] })).toEqual({
      'RAM.0.Reaccion': 'Debe ingresar una desripción del acontecimiento adverso / reacción adversa',
    });
  });

  it('refuses an empty list and an end date before the start', () => {
    expect(errorsOf(publicFormStepSchema(false, 3), { RAM: [] })).toEqual({
      RAM: 'Debe ingresar una desripción del acontecimiento adverso / reacción adversa',
    });
    expect(errorsOf(publicFormStepSchema(true, 3), { RAM: [{ Grave: 'SI', FechaIniReaccion: '2026-01-05', FechaFinReaccion: '2026-01-04' }] })).toEqual({
      'RAM.0.FechaFinReaccion': 'La fecha de fin no puede ser anterior a la de inicio',
    });
  });
});

describe('step 4: suspect drugs', () => {
  it('needs a product on each item and a dose of at least 0', () => {
    expect(errorsOf(publicFormStepSchema(false, 4), { Medicamento: [{ Producto: null, Dosis: -1 }] })).toEqual({
      'Medicamento.0.Producto': 'Debe ingresar un medicamento / producto sospechoso',
      'Medicamento.0.Dosis': 'El valor no puede ser negativo',
    });
  });

  it('needs the product chosen from the list, not only a name', () => {
    expect(errorsOf(publicFormStepSchema(true, 4), { Medicamento: [{ Producto: { ComercialName: 'Aspirina' } }] })).toEqual({
      'Medicamento.0.Producto.Id': 'Debe ingresar un medicamento / producto sospechoso',
    });
  });
});

describe('step 5: concomitants', () => {
  it('has no rules', () => {
    expect(errorsOf(publicFormStepSchema(false, 5), { Concomitante: [{}] })).toEqual({});
  });
});

describe('step 6: medical contact', () => {
  it('needs NotificadoPorOtro from a professional', () => {
    expect(errorsOf(publicFormStepSchema(true, 6), { ContactoMedico: {} })).toEqual({
      'ContactoMedico.NotificadoPorOtro': 'Debe seleccionar una opción',
    });
  });

  it("needs the doctor's name and profession from others, a valid e-mail and a phone of digits", () => {
    expect(
      errorsOf(publicFormStepSchema(false, 6), { ContactoMedico: { Medico: { Nombre: '', Email: 'x@', Telefono: '099 12a' } } }),
    ).toEqual({
      'ContactoMedico.Medico.Nombre': 'El campo es obligatorio',
      'ContactoMedico.Medico.Profesion': 'El campo es obligatorio',
      'ContactoMedico.Medico.Email': 'El formato del correo es incorrecto',
      'ContactoMedico.Medico.Telefono': MSG.publicForm.phoneFormat,
    });
  });

  it('keeps a phone’s + and country code, spaces, hyphens and parentheses, trimmed', () => {
    const doctor = (Telefono: string) => ({ ContactoMedico: { Medico: { Nombre: 'Dra. Suárez', Profesion: 'Médica', Telefono } } });
    for (const typed of ['+598 99 123 456', '(02) 900-1234', '099123456', '+1 (212) 555-0100', ''])
      expect(errorsOf(publicFormStepSchema(false, 6), doctor(typed)), typed).toEqual({});
    expect(publicFormStepSchema(false, 6)?.safeParse(doctor('  +598 99 123 456 ')).data).toMatchObject(doctor('+598 99 123 456'));
    for (const typed of ['598+99', '+', '099 12a', '++598 99'])
      expect(errorsOf(publicFormStepSchema(false, 6), doctor(typed)), typed).toEqual({ 'ContactoMedico.Medico.Telefono': MSG.publicForm.phoneFormat });
  });
});

describe('step 7: contact information', () => {
  const step = (isMedic: boolean) => publicFormStepSchema(isMedic, 7);

  it('needs the terms accepted and a contact answer', () => {
    expect(errorsOf(step(false), { InformacionContacto: { AceptaTerminos: false } })).toEqual({
      'InformacionContacto.AceptaContacto': 'Debe seleccionar una opción',
      'InformacionContacto.AceptaTerminos': 'Debe aceptar los terminos para poder continuar',
    });
  });

  it('needs a valid e-mail when the reporter accepts contact', () => {
    expect(errorsOf(step(false), { InformacionContacto: { AceptaContacto: 'SI', AceptaTerminos: true } })).toEqual({
      'InformacionContacto.Reporta.Email': 'Debe ingresar un correo para ser contactado',
    });
    expect(
      errorsOf(step(false), { InformacionContacto: { AceptaContacto: 'SI', Reporta: { Email: 'nope' }, AceptaTerminos: true } }),
    ).toEqual({ 'InformacionContacto.Reporta.Email': 'El formato del correo es incorrecto' });
  });

  it("needs a professional's name and profession", () => {
    expect(errorsOf(step(true), { InformacionContacto: { AceptaContacto: 'NO', Reporta: {}, AceptaTerminos: true } })).toEqual({
      'InformacionContacto.Reporta.Nombre': 'El campo es obligatorio',
      'InformacionContacto.Reporta.Profesion': 'El campo es obligatorio',
    });
  });
});
