import { MSG, type ErEvent, type ErMedicalContact, type ErPatient, type ErRam } from '@atalaya/domain';
import { describe, expect, it } from 'vitest';
import { additionalSection, approvedFabricSection, medicalContactSection, whoReportSection } from './closing-sections';
import { ramsSection } from './list-sections';
import { originSection, patientSection } from './record-sections';
import { draftMedication, draftRecords } from './summary-records';
import type { SummaryDraft, SummaryLists, SummarySection } from './summary-types';

const lists: SummaryLists = {
  Paises: [{ Id: 1, Codigo: 'UY', Nombre: 'Uruguay' }],
  Residencias: [{ Id: 2, Nombre: 'Urbana' }],
  Parentesco: [{ Id: 1, Nombre: 'Madre' }],
  PesoUnidad: [{ Id: 1, NombreCompleto: 'Kilogramos', Abreviacion: 'kg' }],
  AlturaUnidad: [{ Id: 1, NombreCompleto: 'Centímetros', Abreviacion: 'cm' }],
  ReporteOriginador_Origen: [{ Id: 1, Nombre: 'Profesional de la salud' }],
  ReporteOriginador_Receptor: [{ Id: 1, Nombre: 'Titular' }],
  ReporteOriginador_Tipo: [{ Id: 1, Nombre: 'Espontáneo' }],
  PaisOrigen: [{ Id: 1, Nombre: 'Uruguay' }],
  Via: [{ Id: 1, Nombre: 'Oral' }],
  MedicamentoFrecuencia: [{ Id: 1, Nombre: 'Cada X horas' }],
  MedicamentoUnidad: [{ Id: 1, Nombre: 'mg' }],
  MedicamentoUnidadUso: [{ Id: 51, Nombre: 'comprimido' }],
  AccionMedicamento: [{ Id: 1, Nombre: 'Se suspendió' }],
};

const value = (section: SummarySection, label: string, block = 0) => section.blocks[block]?.rows.find((row) => row.label === label)?.value;
const labels = (section: SummarySection, block = 0) => section.blocks[block]?.rows.map((row) => row.label) ?? [];

const patient: ErPatient = {
  Initials: 'JP',
  Age: 34,
  Escala: 'Años',
  Height: 1.65,
  HeightUnitId: 1,
  Weight: null,
  WeightUnitId: 1,
  Genere: 'F',
  Pregnancy: true,
  Gestation: 12,
  Lactation: false,
  Country: 'UY',
  State: null,
  Residence: 2,
  InstMedica: '',
  CondicionesMedicas: null,
  Alergias: null,
  ContactAllow: false,
  IdParentesco: null,
  Phone: null,
  Email: null,
};

describe('summary: patient', () => {
  it("names list values, shows '---' for missing ones and Sí / No for answers", () => {
    const section = patientSection(patient, lists);
    expect(value(section, 'Edad')).toBe('34 Años');
    expect(value(section, 'Altura')).toBe('1,65 cm');
    expect(value(section, 'Peso')).toBe('---');
    expect(value(section, 'Sexo')).toBe('Femenino');
    expect(value(section, 'Embarazo')).toBe('Sí');
    expect(value(section, 'Semanas de gestación')).toBe('12');
    expect(value(section, 'Lactancia')).toBe('No');
    expect(value(section, 'País')).toBe('Uruguay');
    expect(value(section, 'Residencia')).toBe('Urbana');
    expect(value(section, 'Institución médica')).toBe('---');
  });

  it('leaves out pregnancy questions for a male patient and contact data when contact is not wished', () => {
    const shown = labels(patientSection({ ...patient, Genere: 'M' }, lists));
    expect(shown).not.toContain('Embarazo');
    expect(shown).not.toContain('Lactancia');
    expect(shown).not.toContain('Teléfono');
  });

  it('says so when the patient step was never saved', () => {
    expect(patientSection(null, lists)).toMatchObject({ blocks: [], empty: 'Sin datos del paciente.' });
  });
});

describe('summary: origin', () => {
  it("shows 'No disponible' with its reason, and the incoming report's reference", () => {
    const section = originSection(
      { NumeroReferenciaHome: 'RH-2026-000004' },
      {
        Have: false,
        NotHave: 'Reporte telefónico',
        OrigenId: 1,
        ReceptorId: null,
        TipoId: 1,
        ProvieneDeLiteratura: false,
        ReferenciaBibliografica: null,
        Country: 1,
        NombreEstudio: null,
        TipoEstudio: null,
        NumeroRegistroEstudio: null,
        NumeroSponsor: null,
      },
      lists,
    );
    expect(value(section, 'Reporte de médico / paciente')).toBe('RH-2026-000004');
    expect(value(section, 'Documento de origen', 1)).toBe(MSG.wizard.notAvailable);
    expect(value(section, 'Motivo', 1)).toBe('Reporte telefónico');
    expect(value(section, 'Tipo', 1)).toBe('Espontáneo');
    expect(labels(section, 1)).not.toContain('Nombre del estudio');
  });
});

describe('summary: adverse events', () => {
  const ram = {
    MedraLLT: { llt_code: 1, llt_name: 'Cefalea' },
    Description: 'Dolor de cabeza intenso',
    IsExpected: true,
    Evolution: -1,
    AccMed: 1,
    DateStart: '2026-01-05',
    DateEnd: null,
    Death: false,
    LifeThreading: false,
    HospitalizationRequired: true,
    HospitalizationDateStart: '2026-01-06',
    HospitalizationDateEnd: '2026-01-08',
    PersistedHospitalization: false,
    TransitoryDisability: false,
    PersistentDisability: false,
    CongenitalAnomaly: false,
    AnotherCondition: false,
    Considerations: null,
  } satisfies Partial<ErRam>;

  it('titles each event by its MedDRA term, with outcome, action, dates and seriousness', () => {
    const section = ramsSection([ram], lists);
    expect(section.blocks[0]?.title).toBe('Cefalea');
    expect(value(section, 'Evolución')).toBe('Recuperado / resuelto');
    expect(value(section, 'Acción tomada con el medicamento')).toBe('Se suspendió');
    expect(value(section, 'Fecha de inicio')).toBe('05/01/2026');
    expect(value(section, 'Fecha de fin')).toBe('---');
    expect(value(section, 'Criterios de gravedad')).toBe('Requirió hospitalización');
    expect(value(section, 'Inicio de la hospitalización')).toBe('06/01/2026');
  });

  it('has the empty-list text when there is none', () => {
    expect(ramsSection([], lists)).toMatchObject({ blocks: [], empty: 'No se encontraron eventos adversos asociados' });
  });
});

describe('summary: medical contact and additional information', () => {
  it('shows only the answer when there was no consultation', () => {
    const contact = { Id: 1, ErId: 'm', SeContacto: false } as ErMedicalContact;
    expect(labels(medicalContactSection(contact))).toEqual([MSG.wizard.medicalConsultation]);
    expect(value(medicalContactSection(contact), MSG.wizard.medicalConsultation)).toBe('No');
    expect(value(medicalContactSection(null), MSG.wizard.medicalConsultation)).toBe('---');
  });

  it('shows the attached file with its extension', () => {
    const contact: ErMedicalContact = {
      Id: 1,
      ErId: 'm',
      SeContacto: true,
      FechaContacto: null,
      NombreMedico: 'Dr. Gómez',
      Profesion: null,
      EmailMedico: null,
      TelMedico: null,
      Intervencion: null,
      NombreArchivo: 'receta',
      ExtensionArchivo: 'pdf',
    };
    expect(value(medicalContactSection(contact), 'Archivo adjunto')).toBe('receta.pdf');
  });

  it('counts the documents and notes', () => {
    const event = { AdditionalInformation: null } as Pick<ErEvent, 'AdditionalInformation'>;
    expect(value(additionalSection(event, 0), 'Documentos y notas')).toBe('0 documentos o notas');
    expect(value(additionalSection(event, 1), 'Documentos y notas')).toBe('1 documento o nota');
    expect(value(additionalSection(event, 0), MSG.wizard.additionalInformation)).toBe('---');
  });
});

describe('summary: follow-up draft', () => {
  it("names the draft medication's list values from the reference lists", () => {
    const item: SummaryDraft['medicamentos'][number] = {
      input: {
        Medicine: { Id: 3 },
        LineaId: 4,
        FormaFarmaceuticaId: 1,
        PrincipiosActivos: [{ PrincipioActivoId: 9, PrincipioActivo_Nombre: 'Paracetamol', Concentracion: 500, Unidad: 1 }],
        ViaId: 1,
        FrecuenciaTipo: 1,
        FrecId: 8,
        Cant: 1,
        UnitUsoId: 51,
        DateStart: '2026-01-01',
      },
      display: { ComercialName: 'Dolex', Laboratorio: 'Lab Sur', Linea: 'Planta Norte' },
    };
    expect(draftMedication(item, lists)).toMatchObject({
      name: 'Dolex',
      laboratory: 'Lab Sur',
      lines: ['Planta Norte'],
      ingredients: ['Paracetamol 500 mg'],
      dose: '1 comprimido',
      via: 'Oral',
      frequencyType: 'Cada X horas',
      hours: 8,
      dateStart: '2026-01-01',
    });
  });

  it("reads the draft's patient through the domain schema (a male patient loses pregnancy data)", () => {
    const draft = {
      patient: { ...patient, Genere: 'M' },
      origin: {},
      medicamentos: [],
      rams: [],
    } as unknown as SummaryDraft;
    const records = draftRecords(draft);
    expect(records.patient).toMatchObject({ Initials: 'JP', Genere: 'M', Pregnancy: null, Gestation: null });
    expect(records.origin).toBeNull();
    expect(records.rams).toEqual([]);
  });
});

describe('summary: the manufacturer’s approval (a Fabricante’s view)', () => {
  it('says whether the manufacturer approved the evaluation, and when, by whom and why', () => {
    expect(value(approvedFabricSection(null), 'Evaluación aprobada por el fabricante')).toBe('No');
    const approved = approvedFabricSection({ Aprobado: true, Fecha: '2026-11-20T15:30:00Z', Usuario: 'Fabio Ramos', Comentario: 'Evaluación leída' }, 'America/Montevideo');
    expect(value(approved, 'Evaluación aprobada por el fabricante')).toBe('Sí');
    expect(value(approved, 'Fecha de aprobación')).toBe('20/11/2026 12:30');
    expect(value(approved, 'Aprobada por')).toBe('Fabio Ramos');
    expect(value(approved, 'Comentario')).toBe('Evaluación leída');
  });
});

describe('summary: the reporter’s contact data (hidden from a Fabricante)', () => {
  const contactPatient: ErPatient = { ...patient, ContactAllow: true, IdParentesco: 1, Phone: '24001234', Email: 'juana@correo.uy' };
  const reporter = { Origen: 'Paciente', Nombre: 'Juana Gómez', Email: 'juana@correo.uy', Telefono: '24001234', Parentesco: 'Madre', Profesion: null };

  it('shows the reporter and the patient’s contact to the other roles', () => {
    const who = whoReportSection(reporter);
    expect([value(who, 'Nombre'), value(who, 'Correo'), value(who, 'Teléfono'), value(who, 'Parentesco')]).toEqual(['Juana Gómez', 'juana@correo.uy', '24001234', 'Madre']);
    const shown = patientSection(contactPatient, lists);
    expect([value(shown, 'Teléfono'), value(shown, 'Correo')]).toEqual(['24001234', 'juana@correo.uy']);
  });

  it('shows a placeholder, not an empty value, where the server left the contact out', () => {
    const hidden = MSG.wizard.reporterContactHidden;
    const who = whoReportSection({ ...reporter, Nombre: null, Email: null, Telefono: null }, true);
    expect([value(who, 'Reportado por'), value(who, 'Nombre'), value(who, 'Correo'), value(who, 'Teléfono'), value(who, 'Parentesco')]).toEqual([
      'Paciente',
      hidden,
      hidden,
      hidden,
      'Madre',
    ]);
    const shown = patientSection({ ...contactPatient, Phone: null, Email: null }, lists, true);
    expect([value(shown, 'Teléfono'), value(shown, 'Correo'), value(shown, 'Parentesco')]).toEqual([hidden, hidden, 'Madre']);
  });

  it('still names the staff member who created a case', () => {
    const who = whoReportSection({ Origen: 'Usuario', Nombre: 'Ana Pérez', Email: 'ana@lab.uy', Telefono: null, Parentesco: null, Profesion: null }, true);
    expect([value(who, 'Nombre'), value(who, 'Correo')]).toEqual(['Ana Pérez', 'ana@lab.uy']);
  });
});
