import { describe, expect, it } from 'vitest';
import { countryName, summarySections, type SummarySection } from './summary-sections';
import type { StoredReportData } from './types';

const lists = {
  Paises: [
    { Id: 1, Codigo: 'UY', Nombre: 'Uruguay', TimeZone: 'America/Montevideo' },
    { Id: 2, Codigo: 'AR', Nombre: 'Argentina', TimeZone: 'America/Argentina/Buenos_Aires' },
  ],
  Via: [{ Id: 1, Descripcion: 'Oral' }],
  MedicamentoFrecuencia: [{ Id: 2, Nombre: 'Cada X horas' }],
  MedicamentoUnidadUso: [{ Id: 3, Nombre: 'mg' }],
  Parentesco: [{ Id: 4, Nombre: 'Madre' }],
  AccionMedicamento: [{ Id: 5, Nombre: 'Se suspendió' }],
  MedicamentosAnteriores_Tipo: [{ Id: 6, Nombre: 'Medicamento' }],
  Evolucion: [{ Id: -1, Nombre: 'Recuperado / resuelto' }],
};

const professional: StoredReportData = {
  isMedic: true,
  Tipo: { Pais: 'UY', SubGroup: 1, SubGroupName: 'Reacción adversa a medicamento' },
  Paciente: { Iniciales: 'JPG', Sexo: 'F', FechaNacimiento: '1990-04-05', Peso: 61.5, Altura: null, Embarazo: 'SI', Gestacion: 12, Lactancia: 'NO' },
  RAM: [
    {
      MedDRA: { llt_name: 'Cefalea', llt_code: 10019211 },
      Grave: 'SI',
      Reaccion: 'Dolor de cabeza intenso',
      FechaIniReaccion: '2026-01-02',
      FechaFinReaccion: null,
      Evolucion: -1,
      AccionMeddicamento: '5',
    },
  ],
  Medicamento: [
    { Producto: { Id: 9, ComercialName: 'Ibuprofeno 400' }, Via: 1, FrecuenciaTipo: 2, Frecuencia: 8, Dosis: 400, UnidadUso: 3, FechaIni: '2026-01-01', Indicacion: '' },
    { Producto: { Id: 10, ComercialName: 'Paracetamol' }, Via: 77 },
  ],
  Concomitante: [{ Medicamento: 'Omeprazol', Tipo: 6, FechaIni: '2025-12-01', FechaFin: '' }],
  ContactoMedico: { HistoriaClinica: 'Asma', NotificadoPorOtro: 'Desconoce', ContactoMedico: 'SI', PermitirContactoMedico: 'NO', Medico: null },
  InformacionContacto: { AceptaContacto: 'SI', Reporta: { Nombre: 'Dra. Pérez', Profesion: 'Médica', Email: 'perez@example.com', Telefono: '099' } },
};

const section = (sections: SummarySection[], title: string) => sections.find((item) => item.title === title)!;
const values = (block: { rows: { label: string; value: string }[] }) => Object.fromEntries(block.rows.map((row) => [row.label, row.value]));

describe('summary sections', () => {
  const sections = summarySections(professional, true, lists);

  it('has the sections of the spec, in order', () => {
    expect(sections.map((item) => item.title)).toEqual([
      'Paciente',
      'Reacción adversa',
      'Medicamento sospechoso',
      'Medicamentos concomitantes',
      'Contacto médico e historia clínica',
      'Información de quien reporta',
    ]);
  });

  it('shows the patient with dates DD/MM/YYYY, Sí / No, pregnancy fields for a woman and --- for what is missing', () => {
    expect(values(section(sections, 'Paciente').blocks[0]!)).toEqual({
      Iniciales: 'JPG',
      Sexo: 'Femenino',
      'Fecha de nacimiento': '05/04/1990',
      Peso: '61,5 kg',
      Altura: '---',
      Embarazo: 'Sí',
      'Semanas de gestación': '12',
      Lactancia: 'No',
    });
  });

  it('names list values from the reference lists', () => {
    const [ram] = section(sections, 'Reacción adversa').blocks;
    expect(values(ram!)).toMatchObject({
      'Término MedDRA': 'Cefalea',
      Grave: 'Sí',
      'Fecha de inicio': '02/01/2026',
      'Fecha de fin': '---',
      Evolución: 'Recuperado / resuelto',
      'Acción tomada con el medicamento': 'Se suspendió',
    });
    const [first, second] = section(sections, 'Medicamento sospechoso').blocks;
    expect(first!.title).toBe('Medicamento 1');
    expect(values(first!)).toMatchObject({
      Producto: 'Ibuprofeno 400',
      'Vía de administración': 'Oral',
      Dosis: '400 mg',
      'Tipo de frecuencia': 'Cada X horas',
      'Frecuencia (horas)': '8',
      Indicación: '---',
    });
    // A value the list does not hold (any more) is shown as stored rather than hidden.
    expect(values(second!)['Vía de administración']).toBe('77');
    expect(values(section(sections, 'Medicamentos concomitantes').blocks[0]!)).toEqual({
      Medicamento: 'Omeprazol',
      Tipo: 'Medicamento',
      'Fecha de inicio': '01/12/2025',
      'Fecha de fin': '---',
    });
  });

  it('shows the medical contact and the reporter', () => {
    expect(values(section(sections, 'Contacto médico e historia clínica').blocks[0]!)).toMatchObject({
      'Historia clínica': 'Asma',
      'Notificado por otra vía': 'No sabe',
      'Consultó a un médico': 'Sí',
      'Permite contactar al médico': 'No',
      'Nombre del médico': '---',
    });
    expect(values(section(sections, 'Información de quien reporta').blocks[0]!)).toEqual({
      'Reportado por': 'Profesional de la salud',
      Nombre: 'Dra. Pérez',
      Profesión: 'Médica',
      'Correo electrónico': 'perez@example.com',
      Teléfono: '099',
      'Acepta ser contactado': 'Sí',
    });
  });

  it('shows a patient report with its residence country and relationship, and empty lists as empty', () => {
    const patient = summarySections(
      {
        isMedic: false,
        Paciente: { Pais: 'AR', Iniciales: 'AB', Sexo: 'M', CentroMedico: 'Hospital Italiano' },
        RAM: [{ Reaccion: 'Ronchas', Grave: null }],
        Medicamento: [],
        Concomitante: null,
        InformacionContacto: { AceptaContacto: 'NO', Reporta: { Parentesco: 4 } },
      },
      false,
      lists,
    );
    expect(values(section(patient, 'Paciente').blocks[0]!)).toMatchObject({ 'País de residencia': 'Argentina', 'Centro médico': 'Hospital Italiano' });
    expect(values(section(patient, 'Paciente').blocks[0]!)).not.toHaveProperty('Embarazo');
    expect(values(section(patient, 'Reacción adversa').blocks[0]!)).not.toHaveProperty('Término MedDRA');
    expect(section(patient, 'Medicamento sospechoso').blocks).toEqual([]);
    expect(section(patient, 'Medicamentos concomitantes').blocks).toEqual([]);
    expect(values(section(patient, 'Información de quien reporta').blocks[0]!)).toMatchObject({
      'Reportado por': 'Paciente o familiar',
      'Relación con el paciente': 'Madre',
      'Acepta ser contactado': 'No',
    });
  });

  it('names a country by code or id', () => {
    expect(countryName(lists, 'UY')).toBe('Uruguay');
    expect(countryName(lists, 2)).toBe('Argentina');
    expect(countryName(lists, null)).toBe('---');
  });
});

describe('the roles of an E2B-imported report', () => {
  it('names each drug\'s role (G.k.1) in the suspect medicine section; the public form\'s medicines show none', () => {
    const imported: StoredReportData = {
      ...professional,
      Medicamento: [
        { Producto: { Id: 9, ComercialName: 'Ibuprofeno 400' }, Caracterizacion: 1 },
        { Producto: { Id: 10, ComercialName: 'Omeprazol' }, Caracterizacion: 2 },
        { Producto: { Id: 11, ComercialName: 'Warfarina' }, Caracterizacion: 3 },
      ],
    };
    const blocks = section(summarySections(imported, true, lists), 'Medicamento sospechoso').blocks;
    expect(blocks.map((block) => values(block)['Rol del medicamento'])).toEqual(['Sospechoso', 'Concomitante', 'Interactuante']);
    const publicForm = section(summarySections(professional, true, lists), 'Medicamento sospechoso').blocks;
    expect(publicForm.every((block) => !('Rol del medicamento' in values(block)))).toBe(true);
  });
});
