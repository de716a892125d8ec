import { publicReportSchema } from '@atalaya/domain';
import { describe, expect, it } from 'vitest';
import { emptyReport, reportCountry, toPayload, type ReportFormValues } from './form-values';

function filled(isMedic: boolean): ReportFormValues {
  const values = emptyReport(isMedic, 'cl@demo.atalaya');
  values.Tipo = { Pais: 'AR', SubGroup: 3, SubGroupName: 'Error de medicación' };
  values.Paciente = { ...values.Paciente, Pais: 'UY', Iniciales: 'JPG', Sexo: 'M', Embarazo: 'SI', Gestacion: 12, CentroMedico: 'Hospital' };
  values.RAM[0] = { ...values.RAM[0]!, MedDRA: { llt_name: 'Cefalea', llt_code: 1 }, Grave: 'SI', Reaccion: 'Dolor de cabeza' };
  values.Medicamento[0] = { ...values.Medicamento[0]!, Producto: { Id: 7, ComercialName: 'Paracetamol' }, Dosis: 500 };
  values.ContactoMedico = {
    ...values.ContactoMedico,
    NotificadoPorOtro: 'NO',
    Medico: { ...values.ContactoMedico.Medico, Nombre: 'Dra. Suárez', Profesion: 'Médica' },
  };
  values.InformacionContacto = {
    AceptaContacto: 'NO',
    AceptaTerminos: true,
    Reporta: { Nombre: 'Ana', Profesion: 'Médica', Parentesco: null, Email: '', Telefono: '' },
  };
  return values;
}

describe('toPayload', () => {
  it('gives a patient report sub-group 0 and the patient country, without professional fields', () => {
    const payload = toPayload(filled(false));
    expect(payload.Tipo).toEqual({ Pais: 'UY', SubGroup: '0', SubGroupName: null });
    expect(payload.RAM[0]).not.toHaveProperty('MedDRA');
    expect(payload.Paciente).toMatchObject({ CentroMedico: 'Hospital', FechaNacimiento: null });
    expect(payload.Concomitante).toEqual([]);
    expect(publicReportSchema.safeParse(payload).success).toBe(true);
  });

  it('keeps a professional’s type of report and MedDRA term, and leaves out the centre and a blank doctor', () => {
    const values = filled(true);
    values.ContactoMedico.Medico = { ...values.ContactoMedico.Medico, Nombre: '', Profesion: '' };
    const payload = toPayload(values);
    expect(payload.Tipo).toEqual({ Pais: 'AR', SubGroup: 3, SubGroupName: 'Error de medicación' });
    expect(payload.RAM[0]).toMatchObject({ MedDRA: { llt_name: 'Cefalea' } });
    expect(payload.Paciente).not.toHaveProperty('CentroMedico');
    expect(payload.ContactoMedico.Medico).toBeNull();
    expect(publicReportSchema.safeParse(payload).success).toBe(true);
  });

  it('clears pregnancy data of a patient who is not female', () => {
    const payload = toPayload(filled(false));
    expect(payload.Paciente).toMatchObject({ Embarazo: null, Gestacion: null, Lactancia: null });
  });
});

describe('emptyReport', () => {
  it('starts each list with one item, UY preselected and the given contact e-mail', () => {
    const values = emptyReport(false, 'cl@demo.atalaya');
    expect([values.RAM.length, values.Medicamento.length, values.Concomitante.length]).toEqual([1, 1, 1]);
    expect(reportCountry(values)).toBe('UY');
    expect(values.InformacionContacto.Reporta.Email).toBe('cl@demo.atalaya');
  });
});
