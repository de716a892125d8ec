/**
 * Demo incoming reports and the cases entered from some of them, so the Tasks screen of a
 * fresh demo has work on it. Times are relative to the seeding moment (days ago, fractions
 * allowed); list values are codes of the reference lists (`value`), products are catalogue
 * codes (products.ts) sold in the report's country. References are fixed: RH-{year}-9000xx.
 */

export type DemoActor = 'rlf@demo.atalaya' | 'qppv@demo.atalaya' | 'fabricante@demo.atalaya';

export interface DemoReaction {
  text: string;
  /** The professional's MedDRA term (LLT of the demo sample). */
  meddra?: { name: string; code: number };
  serious: boolean;
  startDaysAgo: number;
  endDaysAgo?: number;
  /** RAM_EVOLUTIONS id: -1, 0, 2, 3, 4, 5. */
  evolution: -1 | 0 | 2 | 3 | 4 | 5;
  /** AccionMedicamento code. */
  action: string;
}

export interface DemoDrug {
  product: string;
  /** Via code. */
  route: string;
  /** MedicamentoFrecuencia code. */
  frequency: string;
  everyHours?: number;
  dose: number;
  /** MedicamentoUnidadUso code. */
  unit: string;
  startDaysAgo: number;
  endDaysAgo?: number;
  indication: string;
}

export interface DemoCaseStep {
  action: 'Finalizar' | 'AprobarRLF' | 'MasInfo' | 'EnEsperaFabricante';
  by: DemoActor;
  daysAgo: number;
  comment: string;
}

export type DemoTriage =
  | { kind: 'Nuevo' }
  | { kind: 'Revisar'; daysAgo: number; comment: string }
  | { kind: 'Descartar'; daysAgo: number; comment: string }
  /** Ingresar by the demo RLF, then the case's workflow steps (its status is the last step's). */
  | { kind: 'Ingresar'; daysAgo: number; comment: string; steps: DemoCaseStep[] };

export interface DemoReport {
  /** Sequence of the fixed reference RH-{year}-{sequence}. */
  sequence: number;
  receivedDaysAgo: number;
  country: 'UY' | 'AR';
  isMedic: boolean;
  patient: {
    initials: string;
    sex: 'F' | 'M';
    birthDate: string;
    weight?: number;
    height?: number;
    pregnant?: boolean;
    gestationWeeks?: number;
    lactation?: boolean;
    medicalCentre?: string;
  };
  reactions: DemoReaction[];
  drugs: DemoDrug[];
  /** Type: MedicamentosAnteriores_Tipo code (professional form only). */
  concomitants: { name: string; type?: string; start?: string; end?: string }[];
  history: string;
  /** The doctor consulted (a patient's form requires one). */
  doctor: { name: string; profession: string; daysAgo: number; intervention: string; centre: string; phone?: string } | null;
  reporter: { name: string; profession?: string; relationship?: string; email?: string; phone?: string; acceptsContact: boolean };
  triage: DemoTriage;
}

const RLF: DemoActor = 'rlf@demo.atalaya';
const QPPV: DemoActor = 'qppv@demo.atalaya';

export const demoReports: DemoReport[] = [
  {
    sequence: 900001,
    receivedDaysAgo: 0.2,
    country: 'UY',
    isMedic: false,
    patient: { initials: 'TMS', sex: 'M', birthDate: '2021-03-14', weight: 17, height: 1.05, medicalCentre: 'Centro Hospitalario Pereira Rossell' },
    reactions: [
      { text: 'Manchas rojas en el pecho y la espalda con picazón, a las pocas horas de la segunda dosis', serious: false, startDaysAgo: 2, evolution: 0, action: 'RETIRADO' },
    ],
    drugs: [
      { product: 'PRD-IBUPRES-INFANTIL', route: 'ORAL', frequency: 'CADA_X_HORAS', everyHours: 8, dose: 5, unit: 'ML', startDaysAgo: 3, endDaysAgo: 2, indication: 'Fiebre por angina' },
    ],
    concomitants: [],
    history: 'Sin alergias conocidas. Vacunas al día.',
    doctor: { name: 'Dra. Carolina Méndez', profession: 'Pediatra', daysAgo: 1, intervention: 'Indicó suspender el ibuprofeno y dar antihistamínico', centre: 'Policlínica Malvín Norte', phone: '26131234' },
    reporter: { name: 'Florencia Silva', relationship: 'MADRE', email: 'florencia.silva@correo.com.uy', phone: '099456123', acceptsContact: true },
    triage: { kind: 'Nuevo' },
  },
  {
    sequence: 900002,
    receivedDaysAgo: 1.3,
    country: 'UY',
    isMedic: true,
    patient: { initials: 'HGP', sex: 'M', birthDate: '1947-11-02', weight: 74, height: 1.7 },
    reactions: [
      {
        text: 'Hematuria macroscópica con INR de 5,8',
        meddra: { name: 'Hematuria', code: 10018867 },
        serious: true,
        startDaysAgo: 3,
        evolution: 0,
        action: 'DOSIS_REDUCIDA',
      },
    ],
    drugs: [
      { product: 'PRD-WARQUEBRA-5', route: 'ORAL', frequency: 'DIARIA', dose: 1, unit: 'COMPRIMIDO', startDaysAgo: 400, indication: 'Fibrilación auricular' },
    ],
    concomitants: [
      { name: 'Amiodarona 200 mg', type: 'MEDICAMENTO', start: '2026-01-10' },
      { name: 'Omeprazol 20 mg', type: 'MEDICAMENTO' },
    ],
    history: 'Fibrilación auricular permanente. Se agregó amiodarona hace un mes.',
    doctor: null,
    reporter: { name: 'Dr. Andrés Olivera', profession: 'Médico internista', email: 'aolivera@hospital.com.uy', phone: '24872020', acceptsContact: true },
    triage: { kind: 'Nuevo' },
  },
  {
    sequence: 900003,
    receivedDaysAgo: 2.4,
    country: 'AR',
    isMedic: false,
    patient: { initials: 'MBL', sex: 'F', birthDate: '1968-06-21', weight: 66, height: 1.6, medicalCentre: 'Hospital Italiano de Buenos Aires' },
    reactions: [
      { text: 'Diarrea líquida tres o cuatro veces por día desde que empecé el tratamiento', serious: false, startDaysAgo: 8, evolution: 2, action: 'DOSIS_SIN_CAMBIOS' },
    ],
    drugs: [
      { product: 'PRD-OMEVITAL-20', route: 'ORAL', frequency: 'DIARIA', dose: 1, unit: 'CAPSULA', startDaysAgo: 12, indication: 'Gastritis' },
    ],
    concomitants: [{ name: 'Levotiroxina 75 mcg', start: '2020-03-01' }],
    history: 'Hipotiroidismo en tratamiento.',
    doctor: { name: 'Dr. Pablo Giménez', profession: 'Gastroenterólogo', daysAgo: 4, intervention: 'Pidió coprocultivo y control en una semana', centre: 'Consultorio particular' },
    reporter: { name: 'Mariela Benítez', relationship: 'PACIENTE', email: 'mariela.benitez@correo.com.ar', acceptsContact: true },
    triage: { kind: 'Nuevo' },
  },
  {
    sequence: 900004,
    receivedDaysAgo: 3.1,
    country: 'UY',
    isMedic: true,
    patient: { initials: 'LCR', sex: 'F', birthDate: '1985-02-11', weight: 58, height: 1.63, lactation: false },
    reactions: [
      { text: 'Insomnio y palpitaciones tras el aumento de dosis', meddra: { name: 'Insomnio', code: 10022437 }, serious: false, startDaysAgo: 10, evolution: 0, action: 'DOSIS_REDUCIDA' },
    ],
    drugs: [
      { product: 'PRD-TIROCHATO-50', route: 'ORAL', frequency: 'DIARIA', dose: 2, unit: 'COMPRIMIDO', startDaysAgo: 20, indication: 'Hipotiroidismo posquirúrgico' },
    ],
    concomitants: [],
    history: 'Tiroidectomía total en 2024.',
    doctor: null,
    reporter: { name: 'Dra. Natalia Ferreira', profession: 'Endocrinóloga', email: 'nferreira@casmu.com.uy', acceptsContact: false },
    triage: { kind: 'Nuevo' },
  },
  {
    sequence: 900005,
    receivedDaysAgo: 4.2,
    country: 'AR',
    isMedic: true,
    patient: { initials: 'RAQ', sex: 'M', birthDate: '1952-08-30', weight: 88, height: 1.75 },
    reactions: [
      { text: 'Mareos al levantarse', meddra: { name: 'Mareo', code: 10013573 }, serious: false, startDaysAgo: 9, endDaysAgo: 5, evolution: -1, action: 'DOSIS_REDUCIDA' },
      { text: 'Hipotensión ortostática documentada en consulta', meddra: { name: 'Hipotensión ortostática', code: 10031127 }, serious: false, startDaysAgo: 7, endDaysAgo: 5, evolution: -1, action: 'DOSIS_REDUCIDA' },
    ],
    drugs: [
      { product: 'PRD-LOSAMAR-50', route: 'ORAL', frequency: 'DIARIA', dose: 1, unit: 'COMPRIMIDO', startDaysAgo: 15, indication: 'Hipertensión arterial' },
    ],
    concomitants: [{ name: 'Hidroclorotiazida 25 mg', type: 'MEDICAMENTO' }],
    history: 'Hipertensión arterial, hiperplasia prostática benigna.',
    doctor: null,
    reporter: { name: 'Dr. Martín Acosta', profession: 'Cardiólogo', email: 'macosta@clinicapampa.com.ar', phone: '1145678901', acceptsContact: true },
    triage: { kind: 'Nuevo' },
  },
  {
    sequence: 900006,
    receivedDaysAgo: 5.3,
    country: 'UY',
    isMedic: false,
    patient: { initials: 'JPA', sex: 'M', birthDate: '2009-09-09', weight: 60, height: 1.72, medicalCentre: 'Médica Uruguaya' },
    reactions: [
      { text: 'Temblor en las manos y el corazón muy acelerado después de usar el inhalador', serious: false, startDaysAgo: 7, endDaysAgo: 7, evolution: -1, action: 'DOSIS_SIN_CAMBIOS' },
    ],
    drugs: [
      { product: 'PRD-BRISALBU', route: 'INHALATORIA', frequency: 'SEGUN_NECESIDAD', dose: 2, unit: 'INHALACION', startDaysAgo: 60, indication: 'Asma' },
    ],
    concomitants: [{ name: 'Budesonida inhalada' }],
    history: 'Asma desde la infancia.',
    doctor: { name: 'Dr. Federico Lima', profession: 'Neumólogo', daysAgo: 6, intervention: 'Revisó la técnica inhalatoria', centre: 'Médica Uruguaya, sede Centro' },
    reporter: { name: 'Ana Acosta', relationship: 'MADRE', email: 'ana.acosta@correo.com.uy', phone: '098112233', acceptsContact: true },
    triage: { kind: 'Revisar', daysAgo: 4.8, comment: 'Se pide a la madre el número de lote del inhalador.' },
  },
  {
    sequence: 900007,
    receivedDaysAgo: 7.2,
    country: 'UY',
    isMedic: true,
    patient: { initials: 'SVD', sex: 'F', birthDate: '1979-12-05', weight: 70, height: 1.66 },
    reactions: [
      { text: 'Náuseas persistentes las primeras dos semanas', meddra: { name: 'Náuseas', code: 10028813 }, serious: false, startDaysAgo: 20, evolution: 0, action: 'DOSIS_SIN_CAMBIOS' },
      { text: 'Somnolencia diurna', meddra: { name: 'Somnolencia', code: 10041349 }, serious: false, startDaysAgo: 18, evolution: 2, action: 'DOSIS_SIN_CAMBIOS' },
    ],
    drugs: [
      { product: 'PRD-SERTRACHATO-50', route: 'ORAL', frequency: 'DIARIA', dose: 1, unit: 'COMPRIMIDO', startDaysAgo: 21, indication: 'Trastorno depresivo mayor' },
    ],
    concomitants: [{ name: 'Clonazepam 0,5 mg', type: 'MEDICAMENTO' }],
    history: 'Episodio depresivo mayor, sin tratamientos previos.',
    doctor: null,
    reporter: { name: 'Dr. Sebastián Rivero', profession: 'Psiquiatra', email: 'srivero@asse.com.uy', acceptsContact: true },
    triage: { kind: 'Revisar', daysAgo: 6.5, comment: 'Reacciones esperadas según el prospecto; se consulta al médico si hubo nuevos síntomas.' },
  },
  {
    sequence: 900008,
    receivedDaysAgo: 9.4,
    country: 'UY',
    isMedic: false,
    patient: { initials: 'CRM', sex: 'F', birthDate: '1990-01-25', medicalCentre: 'Hospital Maciel' },
    reactions: [{ text: 'Dolor de estómago después de tomar las gotas', serious: false, startDaysAgo: 11, endDaysAgo: 10, evolution: -1, action: 'NO_APLICA' }],
    drugs: [
      { product: 'PRD-FEBRIMAR-GOTAS', route: 'ORAL', frequency: 'UNICA_VEZ', dose: 20, unit: 'GOTA', startDaysAgo: 11, endDaysAgo: 11, indication: 'Dolor de muelas' },
    ],
    concomitants: [],
    history: '',
    doctor: { name: 'Dra. Lucía Viera', profession: 'Médica de familia', daysAgo: 10, intervention: 'Ninguna', centre: 'Hospital Maciel' },
    reporter: { name: 'Cecilia Ramos', relationship: 'PACIENTE', email: 'cecilia.ramos@correo.com.uy', acceptsContact: true },
    triage: { kind: 'Descartar', daysAgo: 8.9, comment: 'Duplicado: la paciente envió el mismo reporte dos veces; se trabaja sobre el otro envío.' },
  },
  // Entered reports: the cases of the demo.
  {
    sequence: 900009,
    receivedDaysAgo: 1,
    country: 'UY',
    isMedic: false,
    patient: { initials: 'GDS', sex: 'F', birthDate: '1994-07-17', weight: 55, height: 1.58, pregnant: false, lactation: true, medicalCentre: 'CASMU' },
    reactions: [{ text: 'Ronchas en brazos y cuello con mucha picazón', serious: false, startDaysAgo: 2, evolution: 0, action: 'RETIRADO' }],
    drugs: [
      { product: 'PRD-FEBRIMAR-500', route: 'ORAL', frequency: 'CADA_X_HORAS', everyHours: 8, dose: 1, unit: 'COMPRIMIDO', startDaysAgo: 3, endDaysAgo: 2, indication: 'Dolor de cabeza' },
    ],
    concomitants: [],
    history: 'Amamantando a su bebé de 4 meses.',
    doctor: { name: 'Dr. Ignacio Pérez', profession: 'Médico general', daysAgo: 1.5, intervention: 'Indicó loratadina y suspender el paracetamol', centre: 'CASMU, Policlínica Unión' },
    reporter: { name: 'Gabriela Da Silva', relationship: 'PACIENTE', email: 'gabriela.dasilva@correo.com.uy', phone: '091222333', acceptsContact: true },
    triage: { kind: 'Ingresar', daysAgo: 0.3, comment: 'Se ingresa para completar los datos del lote.', steps: [] },
  },
  {
    sequence: 900010,
    receivedDaysAgo: 8,
    country: 'UY',
    isMedic: true,
    patient: { initials: 'EMB', sex: 'F', birthDate: '1961-04-03', weight: 79, height: 1.62 },
    reactions: [
      { text: 'Tos seca persistente, sobre todo de noche', meddra: { name: 'Tos', code: 10011224 }, serious: false, startDaysAgo: 25, evolution: 2, action: 'RETIRADO' },
    ],
    drugs: [
      { product: 'PRD-ENALTAR-10', route: 'ORAL', frequency: 'CADA_X_HORAS', everyHours: 12, dose: 1, unit: 'COMPRIMIDO', startDaysAgo: 45, endDaysAgo: 9, indication: 'Hipertensión arterial' },
    ],
    concomitants: [{ name: 'Metformina 850 mg', type: 'MEDICAMENTO' }],
    history: 'Hipertensa y diabética tipo 2. No fuma.',
    doctor: null,
    reporter: { name: 'Dra. Verónica Suárez', profession: 'Médica de familia', email: 'vsuarez@asse.com.uy', acceptsContact: true },
    triage: {
      kind: 'Ingresar',
      daysAgo: 5,
      comment: 'Ingresado con demora por falta de datos del lote.',
      steps: [{ action: 'Finalizar', by: RLF, daysAgo: 4.9, comment: 'Datos completos; se envía a revisión.' }],
    },
  },
  {
    sequence: 900011,
    receivedDaysAgo: 9,
    country: 'UY',
    isMedic: false,
    patient: { initials: 'OTF', sex: 'M', birthDate: '1958-10-12', weight: 92, height: 1.74, medicalCentre: 'Hospital Pasteur' },
    reactions: [
      { text: 'Temblores, sudor frío y mareo a media mañana; el hemoglucotest dio 52', serious: true, startDaysAgo: 12, endDaysAgo: 12, evolution: -1, action: 'DOSIS_REDUCIDA' },
    ],
    drugs: [
      { product: 'PRD-GLUCOCHATO-850', route: 'ORAL', frequency: 'CADA_X_HORAS', everyHours: 12, dose: 1, unit: 'COMPRIMIDO', startDaysAgo: 90, indication: 'Diabetes tipo 2' },
    ],
    concomitants: [{ name: 'Glibenclamida 5 mg' }],
    history: 'Diabetes tipo 2 de 10 años de evolución.',
    doctor: { name: 'Dra. Mónica Castro', profession: 'Diabetóloga', daysAgo: 11, intervention: 'Ajustó la dosis de glibenclamida', centre: 'Hospital Pasteur', phone: '25082020' },
    reporter: { name: 'Oscar Torres', relationship: 'PACIENTE', email: 'oscar.torres@correo.com.uy', acceptsContact: true },
    triage: {
      kind: 'Ingresar',
      daysAgo: 8.8,
      comment: 'Hipoglucemia con posible interacción con la sulfonilurea.',
      steps: [
        { action: 'Finalizar', by: RLF, daysAgo: 8.6, comment: 'Caso completo.' },
        { action: 'AprobarRLF', by: RLF, daysAgo: 7.5, comment: 'Revisado; se envía a evaluación.' },
        { action: 'MasInfo', by: QPPV, daysAgo: 2, comment: 'Falta el valor de HbA1c y la función renal previa al evento; por favor solicitarlos al paciente.' },
      ],
    },
  },
  {
    sequence: 900012,
    receivedDaysAgo: 7,
    country: 'UY',
    isMedic: true,
    patient: { initials: 'PNL', sex: 'M', birthDate: '1988-05-19', weight: 81, height: 1.8 },
    reactions: [
      { text: 'Erupción maculopapular generalizada al quinto día', meddra: { name: 'Erupción', code: 10037844 }, serious: false, startDaysAgo: 9, endDaysAgo: 6, evolution: -1, action: 'RETIRADO' },
      { text: 'Prurito intenso', meddra: { name: 'Prurito', code: 10037087 }, serious: false, startDaysAgo: 9, endDaysAgo: 6, evolution: -1, action: 'RETIRADO' },
    ],
    drugs: [
      { product: 'PRD-AMOXIPRES-DUO-875-125', route: 'ORAL', frequency: 'CADA_X_HORAS', everyHours: 12, dose: 1, unit: 'COMPRIMIDO', startDaysAgo: 14, endDaysAgo: 9, indication: 'Sinusitis aguda' },
    ],
    concomitants: [],
    history: 'Sin antecedentes de alergia a betalactámicos.',
    doctor: null,
    reporter: { name: 'Dr. Juan Martínez', profession: 'Otorrinolaringólogo', email: 'jmartinez@spm.com.uy', acceptsContact: true },
    triage: {
      kind: 'Ingresar',
      daysAgo: 6.8,
      comment: '',
      steps: [
        { action: 'Finalizar', by: RLF, daysAgo: 6.6, comment: 'Caso completo.' },
        { action: 'AprobarRLF', by: RLF, daysAgo: 2, comment: 'Reacción cutánea conocida; se envía a evaluación de causalidad.' },
      ],
    },
  },
  {
    sequence: 900013,
    receivedDaysAgo: 6,
    country: 'UY',
    isMedic: true,
    patient: { initials: 'AFG', sex: 'F', birthDate: '1999-03-08', weight: 62, height: 1.68, pregnant: false },
    reactions: [
      { text: 'Somnolencia marcada que dificulta ir a trabajar', meddra: { name: 'Somnolencia', code: 10041349 }, serious: false, startDaysAgo: 16, evolution: 0, action: 'DOSIS_REDUCIDA' },
    ],
    drugs: [
      { product: 'PRD-VALPROCHATO-500', route: 'ORAL', frequency: 'CADA_X_HORAS', everyHours: 12, dose: 1, unit: 'COMPRIMIDO', startDaysAgo: 30, indication: 'Epilepsia' },
    ],
    concomitants: [{ name: 'Ácido fólico 5 mg', type: 'VITAMINA_MINERAL' }],
    history: 'Epilepsia generalizada idiopática.',
    doctor: null,
    reporter: { name: 'Dra. Paula Gómez', profession: 'Neuróloga', email: 'pgomez@hospitalbritanico.com.uy', acceptsContact: false },
    triage: {
      kind: 'Ingresar',
      daysAgo: 5.8,
      comment: '',
      steps: [
        { action: 'Finalizar', by: RLF, daysAgo: 5.5, comment: 'Caso completo.' },
        { action: 'AprobarRLF', by: RLF, daysAgo: 1, comment: 'Sin observaciones; se envía a evaluación.' },
      ],
    },
  },
  {
    sequence: 900014,
    receivedDaysAgo: 10,
    country: 'UY',
    isMedic: true,
    patient: { initials: 'NRB', sex: 'F', birthDate: '1956-12-01', weight: 68, height: 1.57 },
    reactions: [
      { text: 'Edema de ambos tobillos desde el segundo mes de tratamiento', meddra: { name: 'Edema periférico', code: 10030124 }, serious: false, startDaysAgo: 40, evolution: 2, action: 'DOSIS_SIN_CAMBIOS' },
    ],
    drugs: [
      { product: 'PRD-PAMPRIL-5', route: 'ORAL', frequency: 'DIARIA', dose: 1, unit: 'COMPRIMIDO', startDaysAgo: 100, indication: 'Hipertensión arterial' },
    ],
    concomitants: [{ name: 'Atorvastatina 20 mg', type: 'MEDICAMENTO' }],
    history: 'Hipertensión arterial, dislipemia.',
    doctor: null,
    reporter: { name: 'Dr. Raúl Bentancor', profession: 'Cardiólogo', email: 'rbentancor@cudam.com.uy', acceptsContact: true },
    triage: {
      kind: 'Ingresar',
      daysAgo: 9.8,
      comment: '',
      steps: [
        { action: 'Finalizar', by: RLF, daysAgo: 9.5, comment: 'Caso completo.' },
        { action: 'AprobarRLF', by: RLF, daysAgo: 8, comment: 'Se envía a evaluación.' },
        {
          action: 'EnEsperaFabricante',
          by: QPPV,
          daysAgo: 3,
          comment: 'Se solicita al fabricante el informe de seguridad periódico y los casos similares del último año.',
        },
      ],
    },
  },
];
