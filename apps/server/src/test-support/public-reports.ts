import type { PublicReportInput } from '@atalaya/domain';

export interface ReportProduct {
  id: number;
  commercialName: string;
}

/** A patient's (non-professional) report with every field of the nine steps filled in. */
export function patientReport(product: ReportProduct, country = 'UY'): PublicReportInput & { isMedic: false } {
  return {
    isMedic: false,
    Tipo: { Pais: country, SubGroup: '0', SubGroupName: null },
    Paciente: {
      Pais: country,
      Iniciales: 'JPG',
      Sexo: 'F',
      FechaNacimiento: '1990-04-12',
      Peso: 61.5,
      Altura: 1.64,
      Embarazo: 'SI',
      Gestacion: 12,
      Lactancia: 'NO',
      CentroMedico: 'Hospital de Clínicas',
    },
    RAM: [
      {
        Grave: 'NO',
        Reaccion: 'Erupción en la piel con picazón',
        FechaIniReaccion: '2026-01-02',
        FechaFinReaccion: '2026-01-05',
        Evolucion: -1,
        AccionMeddicamento: 1,
      },
    ],
    Medicamento: [
      {
        Producto: { Id: product.id, ComercialName: product.commercialName },
        Via: 1,
        FrecuenciaTipo: 1,
        Frecuencia: 8,
        Dosis: 500,
        UnidadUso: 1,
        FechaIni: '2026-01-01',
        FechaFin: '2026-01-04',
        Indicacion: 'Dolor de cabeza',
      },
    ],
    Concomitante: [{ Medicamento: 'Ibuprofeno', FechaIni: '2025-12-20', FechaFin: '2025-12-28' }],
    ContactoMedico: {
      HistoriaClinica: 'Alergia a la penicilina',
      NotificadoPorOtro: 'NO',
      OtraViaNotificado: '',
      ContactoMedico: 'SI',
      PermitirContactoMedico: 'SI',
      Medico: {
        FechaContacto: '2026-01-03',
        Intervencion: 'Suspendió el medicamento',
        Nombre: 'Dra. Suárez',
        Profesion: 'Médica',
        Email: 'suarez@correo.uy',
        Telefono: '099123456',
        CentroAtencion: 'Policlínica Centro',
      },
    },
    InformacionContacto: {
      AceptaContacto: 'SI',
      AceptaTerminos: true,
      Reporta: { Nombre: 'Juana Gómez', Profesion: null, Parentesco: 1, Email: 'juana@correo.uy', Telefono: '24001234' },
    },
  };
}

/** A health professional's report with every field filled in. */
export function professionalReport(product: ReportProduct, country = 'UY', subGroup: number | string = 1): PublicReportInput & { isMedic: true } {
  return {
    isMedic: true,
    Tipo: { Pais: country, SubGroup: subGroup, SubGroupName: 'Reacción adversa a medicamento' },
    Paciente: {
      Pais: country,
      Iniciales: 'RM',
      Sexo: 'M',
      FechaNacimiento: '1958-09-30',
      Peso: 82,
      Altura: 1.78,
      Embarazo: 'NO',
      Gestacion: null,
      Lactancia: 'NO',
    },
    RAM: [
      {
        MedDRA: { llt_name: 'Cefalea', llt_code: 10019211 },
        Grave: 'SI',
        Reaccion: 'Cefalea intensa',
        FechaIniReaccion: '2026-02-01',
        FechaFinReaccion: '2026-02-02',
        Evolucion: 0,
        AccionMeddicamento: 2,
      },
      { MedDRA: { llt_name: 'Náusea', llt_code: 10028813 }, Grave: 'NO', Reaccion: 'Náuseas', Evolucion: 5 },
    ],
    Medicamento: [
      {
        Producto: { Id: product.id, ComercialName: product.commercialName },
        Via: 2,
        FrecuenciaTipo: 1,
        Frecuencia: 12,
        Dosis: 1,
        UnidadUso: 2,
        FechaIni: '2026-01-20',
        FechaFin: '2026-02-01',
        Indicacion: 'Hipertensión',
      },
    ],
    Concomitante: [{ Medicamento: 'Enalapril', Tipo: 1, FechaIni: '2025-06-01', FechaFin: '' }],
    ContactoMedico: {
      HistoriaClinica: 'Hipertenso, diabético tipo 2',
      NotificadoPorOtro: 'Desconoce',
      OtraViaNotificado: 'Ninguna',
      ContactoMedico: 'NO',
      PermitirContactoMedico: 'SI',
      Medico: null,
    },
    InformacionContacto: {
      AceptaContacto: 'NO',
      AceptaTerminos: true,
      Reporta: { Nombre: 'Dr. Pérez', Profesion: 'Médico internista', Parentesco: null, Email: 'perez@correo.uy', Telefono: '099765432' },
    },
  };
}
