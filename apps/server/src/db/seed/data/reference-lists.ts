import type { SeedReferenceRow } from './types.js';

/** Rows with a single text column, from [value, text] pairs (the row's Id is its position). */
function single(column: string, pairs: [value: string, text: string][]): SeedReferenceRow[] {
  return pairs.map(([value, text]) => ({ value, fields: { [column]: text } }));
}

/**
 * Reference lists (codiguera), keyed by the spec's table names, with the spec's column names.
 * Order matters: the loader gives each row the Id of its 1-based position, and the screens rely on
 * some of those Ids (AccionMedicamento 2–3 show the dose fields; ReporteOriginador_Receptor 2 and
 * ReporteOriginador_Tipo 4 show the clinical-study fields; Id 1 is the default height and weight unit;
 * MedicamentoUnidad holds concentration units, all with Ids below 50).
 */
export const referenceLists: Record<string, SeedReferenceRow[]> = {
  MedicamentoFrecuencia: single('Nombre', [
    ['CADA_X_HORAS', 'Cada X horas'],
    ['DIARIA', 'Diaria'],
    ['SEMANAL', 'Semanal'],
    ['MENSUAL', 'Mensual'],
    ['UNICA_VEZ', 'Única vez'],
    ['SEGUN_NECESIDAD', 'Según necesidad'],
    ['CONTINUA', 'Infusión continua'],
  ]),

  MedicamentoUnidad: single('Nombre', [
    ['MG', 'mg'],
    ['G', 'g'],
    ['MCG', 'mcg'],
    ['ML', 'ml'],
    ['UI', 'UI'],
    ['MG_ML', 'mg/ml'],
    ['MG_5ML', 'mg/5 ml'],
    ['MCG_ML', 'mcg/ml'],
    ['UI_ML', 'UI/ml'],
    ['MCG_DOSIS', 'mcg/dosis'],
    ['MG_G', 'mg/g'],
    ['PORCIENTO', '%'],
    ['MEQ', 'mEq'],
    ['MCG_H', 'mcg/h'],
  ]),

  MedicamentoUnidadUso: single('Nombre', [
    ['COMPRIMIDO', 'Comprimido'],
    ['CAPSULA', 'Cápsula'],
    ['GOTA', 'Gota'],
    ['ML', 'ml'],
    ['APLICACION', 'Aplicación'],
    ['INHALACION', 'Inhalación'],
    ['AMPOLLA', 'Ampolla'],
    ['VIAL', 'Vial'],
    ['SOBRE', 'Sobre'],
    ['SUPOSITORIO', 'Supositorio'],
    ['OVULO', 'Óvulo'],
    ['PARCHE', 'Parche'],
    ['UI', 'UI'],
    ['MG', 'mg'],
    ['CUCHARADITA', 'Cucharadita (5 ml)'],
  ]),

  Parentesco: single('Nombre', [
    ['PACIENTE', 'Paciente'],
    ['MADRE', 'Madre'],
    ['PADRE', 'Padre'],
    ['HIJO', 'Hijo/a'],
    ['CONYUGE', 'Cónyuge'],
    ['OTRO_FAMILIAR', 'Otro familiar'],
    ['CUIDADOR', 'Cuidador'],
    ['PROFESIONAL_SALUD', 'Profesional de la salud'],
    ['OTRO', 'Otro'],
  ]),

  // ICH E2B(R3) G.k.8 "Action(s) taken with drug".
  AccionMedicamento: single('Nombre', [
    ['RETIRADO', 'Medicamento retirado'],
    ['DOSIS_REDUCIDA', 'Dosis reducida'],
    ['DOSIS_AUMENTADA', 'Dosis aumentada'],
    ['DOSIS_SIN_CAMBIOS', 'Dosis sin cambios'],
    ['DESCONOCIDO', 'Desconocido'],
    ['NO_APLICA', 'No aplica'],
  ]),

  AlturaUnidad: [
    { value: 'M', fields: { NombreCompleto: 'Metros', Abreviacion: 'm' } },
    { value: 'CM', fields: { NombreCompleto: 'Centímetros', Abreviacion: 'cm' } },
  ],

  PesoUnidad: [
    { value: 'KG', fields: { NombreCompleto: 'Kilogramos', Abreviacion: 'kg' } },
    { value: 'G', fields: { NombreCompleto: 'Gramos', Abreviacion: 'g' } },
    { value: 'LB', fields: { NombreCompleto: 'Libras', Abreviacion: 'lb' } },
  ],

  ReporteOriginador_Origen: single('Nombre', [
    ['ESPONTANEO', 'Espontáneo'],
    ['ESTUDIO_CLINICO', 'Estudio clínico'],
    ['LITERATURA', 'Literatura'],
    ['PROGRAMA_SOPORTE', 'Programa de soporte a pacientes'],
    ['AUTORIDAD_SANITARIA', 'Autoridad sanitaria'],
    ['OTRO', 'Otro'],
  ]),

  // Who received the report first; 2 shows the clinical-study fields.
  ReporteOriginador_Receptor: single('Nombre', [
    ['1', 'Compañía'],
    ['2', 'Estudio clínico / investigador'],
    ['3', 'Autoridad sanitaria'],
    ['4', 'Profesional de la salud'],
    ['5', 'Socio comercial o licenciatario'],
    ['6', 'Otro'],
  ]),

  // Type of report; 4 shows the clinical-study fields.
  ReporteOriginador_Tipo: single('Nombre', [
    ['1', 'Espontáneo'],
    ['2', 'Solicitado (programa organizado de recolección de datos)'],
    ['3', 'Literatura científica'],
    ['4', 'Estudio clínico'],
    ['5', 'Otro'],
  ]),

  NotasArchivosTipo: single('Nombre', [
    ['NOTA', 'Nota'],
    ['HISTORIA_CLINICA', 'Historia clínica'],
    ['RESULTADO_LABORATORIO', 'Resultado de laboratorio'],
    ['INFORME_MEDICO', 'Informe médico'],
    ['IMAGEN', 'Imagen'],
    ['OTRO', 'Otro'],
  ]),

  ViaDeComunicacion: single('Nombre', [
    ['CORREO_ELECTRONICO', 'Correo electrónico'],
    ['TELEFONO', 'Teléfono'],
    ['PORTAL_AUTORIDAD', 'Portal web de la autoridad sanitaria'],
    ['NOTA', 'Nota'],
    ['E2B_XML', 'E2B XML'],
    ['CORREO_POSTAL', 'Correo postal'],
    ['OTRA', 'Otra'],
  ]),

  Via: single('Descripcion', [
    ['ORAL', 'Oral'],
    ['INTRAVENOSA', 'Intravenosa'],
    ['INTRAMUSCULAR', 'Intramuscular'],
    ['SUBCUTANEA', 'Subcutánea'],
    ['TOPICA', 'Tópica'],
    ['INHALATORIA', 'Inhalatoria'],
    ['OFTALMICA', 'Oftálmica'],
    ['RECTAL', 'Rectal'],
    ['VAGINAL', 'Vaginal'],
    ['SUBLINGUAL', 'Sublingual'],
    ['TRANSDERMICA', 'Transdérmica'],
    ['NASAL', 'Nasal'],
    ['OTICA', 'Ótica'],
    ['OTRA', 'Otra'],
  ]),

  RAMTipos: [
    { value: 'TIPO_I', fields: { Type: 'Tipo I', Descripcion: 'Leve: se resuelve en el domicilio, sin consulta médica' } },
    { value: 'TIPO_II', fields: { Type: 'Tipo II', Descripcion: 'Requiere consulta médica' } },
    { value: 'TIPO_III', fields: { Type: 'Tipo III', Descripcion: 'Requiere consulta médica y deja un síntoma persistente' } },
    { value: 'TIPO_IV', fields: { Type: 'Tipo IV', Descripcion: 'Pone en peligro la vida, causa discapacidad o la muerte' } },
  ],

  RAMCategorias: single('Type', [
    ['DERMATOLOGICA', 'Dermatológica'],
    ['GASTROINTESTINAL', 'Gastrointestinal'],
    ['CARDIOVASCULAR', 'Cardiovascular'],
    ['NEUROLOGICA', 'Neurológica'],
    ['RESPIRATORIA', 'Respiratoria'],
    ['HEPATICA', 'Hepática'],
    ['RENAL', 'Renal'],
    ['HEMATOLOGICA', 'Hematológica'],
    ['ALERGICA', 'Alérgica/Inmunológica'],
    ['PSIQUIATRICA', 'Psiquiátrica'],
    ['METABOLICA', 'Metabólica'],
    ['OTRA', 'Otra'],
  ]),

  MedicamentosAnteriores_Tipo: single('Nombre', [
    ['MEDICAMENTO', 'Medicamento'],
    ['VITAMINA_MINERAL', 'Vitamina / mineral'],
    ['SUPLEMENTO', 'Suplemento'],
    ['REMEDIO_HERBAL', 'Remedio herbal'],
    ['OTRO', 'Otro'],
  ]),

  PaisOrigen: single('Nombre', [
    ['UY', 'Uruguay'],
    ['AR', 'Argentina'],
    ['PY', 'Paraguay'],
    ['CL', 'Chile'],
    ['BR', 'Brasil'],
    ['BO', 'Bolivia'],
    ['PE', 'Perú'],
    ['EC', 'Ecuador'],
    ['CO', 'Colombia'],
    ['MX', 'México'],
    ['OTRO', 'Otro'],
  ]),

  Especialidad: single('Description', [
    ['MEDICINA_GENERAL', 'Medicina general'],
    ['MEDICINA_INTERNA', 'Medicina interna'],
    ['CARDIOLOGIA', 'Cardiología'],
    ['PEDIATRIA', 'Pediatría'],
    ['GINECOLOGIA', 'Ginecología y obstetricia'],
    ['FARMACIA', 'Farmacia'],
    ['ENFERMERIA', 'Enfermería'],
    ['FARMACOVIGILANCIA', 'Farmacovigilancia'],
    ['QUIMICA_FARMACEUTICA', 'Química farmacéutica'],
    ['ASUNTOS_REGULATORIOS', 'Asuntos regulatorios'],
    ['SISTEMAS', 'Sistemas de información'],
    ['OTRA', 'Otra'],
  ]),

  Residencias: single('Nombre', [
    ['CAPITAL', 'Capital'],
    ['INTERIOR', 'Interior'],
    ['RURAL', 'Rural'],
    ['URBANA', 'Urbana'],
  ]),

  FormaFarmaceutica: single('Nombre', [
    ['COMPRIMIDO', 'Comprimido'],
    ['COMPRIMIDO_RECUBIERTO', 'Comprimido recubierto'],
    ['COMPRIMIDO_EFERVESCENTE', 'Comprimido efervescente'],
    ['COMPRIMIDO_LIBERACION_PROLONGADA', 'Comprimido de liberación prolongada'],
    ['CAPSULA', 'Cápsula'],
    ['CAPSULA_GASTRORRESISTENTE', 'Cápsula gastrorresistente'],
    ['JARABE', 'Jarabe'],
    ['SUSPENSION_ORAL', 'Suspensión oral'],
    ['POLVO_SUSPENSION_ORAL', 'Polvo para suspensión oral'],
    ['SOLUCION_ORAL', 'Solución oral'],
    ['GOTAS_ORALES', 'Gotas orales'],
    ['SOLUCION_INYECTABLE', 'Solución inyectable'],
    ['POLVO_SOLUCION_INYECTABLE', 'Polvo para solución inyectable'],
    ['CREMA', 'Crema'],
    ['GEL', 'Gel'],
    ['UNGUENTO', 'Ungüento'],
    ['COLIRIO', 'Colirio'],
    ['INHALADOR', 'Inhalador'],
    ['SUSPENSION_NASAL', 'Suspensión para pulverización nasal'],
    ['PARCHE', 'Parche transdérmico'],
    ['SUPOSITORIO', 'Supositorio'],
    ['OVULO', 'Óvulo vaginal'],
  ]),
};
