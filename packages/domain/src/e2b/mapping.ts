/**
 * The one mapping between Atalaya's case and ICH E2B(R3): for each data element, its Spanish name
 * (what every message about it says), where its value comes from in the case, and the code list
 * that turns the case's value into the E2B code. The export, the import, the business rules' messages,
 * the CIOMS I form and docs/e2b.md all read this table.
 */

/** A code list that turns one of Atalaya's values into an E2B(R3) code (documented in docs/e2b.md). */
export type E2bCodeListName =
  | 'E2B tipo de informe (C.1.3)'
  | 'E2B calificación (C.2.r.4)'
  | 'E2B tipo de remitente (C.3.1)'
  | 'E2B tipo de estudio (C.5.4)'
  | 'ISO 3166-1'
  | 'UCUM edad (D.2.2b)'
  | 'E2B grupo etario (D.2.3)'
  | 'E2B sexo (D.5)'
  | 'MedDRA LLT'
  | 'E2B desenlace (E.i.7)'
  | 'E2B rol del medicamento (G.k.1)'
  | 'UCUM unidad'
  | 'EDQM'
  | 'E2B vía (EDQM o lista 14 de ICH)'
  | 'E2B acción tomada (G.k.8)'
  | 'E2B anulación / enmienda (C.1.11.1)';

export interface E2bMapping {
  /** The data element number, 'E.i.2.1b'. */
  element: string;
  /** Its name in Spanish, as messages print it. */
  name: string;
  /** Where the value comes from in Atalaya (table.column, setting or rule); null: Atalaya does not hold it. */
  source: string | null;
  /** The code list applied, when the value is coded. */
  codeList: E2bCodeListName | null;
  /** What the export sends when the case lacks the value, and other remarks. */
  note: string;
}

const m = (element: string, name: string, source: string | null, codeList: E2bCodeListName | null = null, note = ''): E2bMapping => ({
  element,
  name,
  source,
  codeList,
  note,
});

const NOT_HELD = 'Atalaya no lo registra: se omite.';

/** The mapping table, in the order of the ICH data-element table. */
export const E2B_MAPPING: readonly E2bMapping[] = [
  // N.1 / N.2
  m('N.1.2', 'Número de lote', 'Envío: número generado', null, 'Un identificador nuevo por cada lote.'),
  m('N.1.3', 'Identificador del remitente del lote', 'Configuración: e2b.senderId (ATALAYA por defecto)', null, 'También N.2.r.2, el prefijo del número de lote y la organización en C.1.1 y C.1.8.1.'),
  m('N.1.4', 'Identificador del receptor del lote', 'Configuración: Receptores E2B (e2b_receivers.code), el elegido al generar'),
  m('N.1.5', 'Fecha de transmisión del lote', 'Envío: momento de la generación'),
  m('N.2.r.1', 'Identificador del mensaje', 'Igual a C.1.1'),
  m('N.2.r.2', 'Identificador del remitente del mensaje', 'Igual a N.1.3'),
  m('N.2.r.3', 'Identificador del receptor del mensaje', 'Igual a N.1.4'),
  m('N.2.r.4', 'Fecha de creación del mensaje', 'Envío: momento de la generación'),
  // C.1
  m('C.1.1', 'Identificador único del informe del remitente', 'País del remitente-organización-events.reference_number', null, 'Igual a C.1.8.1 y el mismo en cada versión: una versión nueva se distingue por C.1.5 y N.2.r.4.'),
  m('C.1.2', 'Fecha de creación', 'Envío: momento de la generación'),
  m('C.1.3', 'Tipo de informe', 'event_origins.type_id (ReporteOriginador_Tipo): su Código E2B de Parámetros', 'E2B tipo de informe (C.1.3)', 'Sin tipo: 4 (no disponible para el remitente). Un tipo sin código E2B rechaza la exportación.'),
  m('C.1.4', 'Fecha de primera recepción', 'events.received_at'),
  m('C.1.5', 'Fecha de la información más reciente', 'Último seguimiento (follow_up_reports.created_at) o events.received_at'),
  m('C.1.6.1', '¿Hay documentos adicionales?', 'event_origins.have / event_documents'),
  m('C.1.6.1.r.1', 'Documentos en poder del remitente', 'event_documents.note (los no eliminados)'),
  m('C.1.7', '¿Cumple los criterios locales de notificación expeditiva?', 'Alguna reacción grave (event_rams.is_serious)', null, 'Sin reacción grave: false.'),
  m('C.1.8.1', 'Número único mundial de identificación del caso', 'País del remitente-organización-events.reference_number', null, 'El mismo en el inicial y en cada seguimiento.'),
  m('C.1.8.2', 'Primer remitente del caso', 'Constante 2 (otro que autoridad)'),
  m('C.1.9.1', '¿Otros identificadores del caso en transmisiones previas?', 'events.home_reference_number', null, 'Sin otro identificador: se omite.'),
  m('C.1.9.1.r.1', 'Fuente del identificador del caso', "Constante 'Atalaya informe entrante'"),
  m('C.1.9.1.r.2', 'Identificador del caso', 'events.home_reference_number'),
  m('C.1.10.r', 'Identificador del informe vinculado', 'events.parent_event_id (su referencia)'),
  m('C.1.11.1', 'Anulación / enmienda del informe', 'Caso anulado ya enviado: 1', 'E2B anulación / enmienda (C.1.11.1)'),
  m('C.1.11.2', 'Motivo de la anulación / enmienda', 'Comentario de la anulación (event_comments)'),
  // C.2.r
  m('C.2.r.1.1', 'Título del notificador', null, null, NOT_HELD),
  m('C.2.r.1.2', 'Nombre del notificador', 'Quién reporta: nombre (informe entrante)', null, 'Sin dato: se omite. Un caso cargado por el personal no nombra al notificador.'),
  m('C.2.r.1.3', 'Segundo nombre del notificador', null, null, NOT_HELD),
  m('C.2.r.1.4', 'Apellido del notificador', null, null, 'Atalaya guarda el nombre completo en un solo texto: va en C.2.r.1.2.'),
  m('C.2.r.2.1', 'Organización del notificador', 'event_patients.medical_institution (informe de un médico)'),
  m('C.2.r.2.2', 'Departamento del notificador', null, null, NOT_HELD),
  m('C.2.r.2.3', 'Calle del notificador', null, null, NOT_HELD),
  m('C.2.r.2.4', 'Ciudad del notificador', null, null, NOT_HELD),
  m('C.2.r.2.5', 'Estado o provincia del notificador', null, null, NOT_HELD),
  m('C.2.r.2.6', 'Código postal del notificador', null, null, NOT_HELD),
  m('C.2.r.2.7', 'Teléfono del notificador', 'Quién reporta: teléfono'),
  m('C.2.r.3', 'País del notificador', 'events.country_id (countries.code)', 'ISO 3166-1'),
  m('C.2.r.4', 'Calificación del notificador', 'Quién reporta: origen (Médico / Paciente / Usuario)', 'E2B calificación (C.2.r.4)', 'Caso cargado por el personal: nullFlavor UNK.'),
  m('C.2.r.5', 'Fuente primaria a efectos regulatorios', 'Constante: la única fuente primaria'),
  // C.3
  m('C.3.1', 'Tipo de remitente', 'Configuración: e2b.senderType (1 por defecto, compañía farmacéutica)', 'E2B tipo de remitente (C.3.1)'),
  m('C.3.2', 'Organización del remitente', 'Configuración: e2b.senderOrganisation'),
  m('C.3.3.1', 'Departamento del remitente', 'Configuración: e2b.senderDepartment', null, 'Vacío: se omite.'),
  m('C.3.3.2', 'Título del remitente', 'Configuración: e2b.senderTitle', null, 'Vacío: se omite.'),
  m('C.3.3.3', 'Nombre de la persona del remitente', 'Configuración: e2b.senderGivenName', null, 'Vacío: se omite.'),
  m('C.3.3.4', 'Segundo nombre de la persona del remitente', null, null, 'Configuración no lo separa del nombre: se omite.'),
  m('C.3.3.5', 'Apellido de la persona del remitente', 'Configuración: e2b.senderFamilyName', null, 'Vacío: se omite.'),
  m('C.3.4.1', 'Dirección del remitente', 'Configuración: e2b.senderStreet', null, 'Vacío: se omite.'),
  m('C.3.4.2', 'Ciudad del remitente', 'Configuración: e2b.senderCity', null, 'Vacío: se omite.'),
  m('C.3.4.3', 'Estado o provincia del remitente', 'Configuración: e2b.senderState', null, 'Vacío: se omite.'),
  m('C.3.4.4', 'Código postal del remitente', 'Configuración: e2b.senderPostcode', null, 'Vacío: se omite.'),
  m('C.3.4.5', 'País del remitente', 'Configuración: e2b.senderCountry', 'ISO 3166-1', 'Vacío: se omite. C.1.1 y C.1.8.1 usan siempre el país del caso, para que no cambien entre versiones.'),
  m('C.3.4.6', 'Teléfono del remitente', 'Configuración: e2b.senderTelephone', null, 'Vacío: se omite.'),
  m('C.3.4.7', 'Fax del remitente', 'Configuración: e2b.senderFax', null, 'Vacío: se omite.'),
  m('C.3.4.8', 'Correo electrónico del remitente', 'Configuración: e2b.senderEmail', null, 'Vacío: se omite.'),
  // C.4, C.5
  m('C.4.r.1', 'Referencia bibliográfica', 'event_origins.bibliographic_reference (si from_literature)'),
  m('C.5.1.r.1', 'Número de registro del estudio', 'event_origins.study_registration_number'),
  m('C.5.1.r.2', 'País de registro del estudio', 'events.country_id (countries.code)', 'ISO 3166-1'),
  m('C.5.2', 'Nombre del estudio', 'event_origins.study_name', null, 'Sin dato: nullFlavor ASKU.'),
  m('C.5.3', 'Número de estudio del patrocinador', 'event_origins.sponsor_number', null, 'Sin dato: nullFlavor ASKU.'),
  m('C.5.4', 'Tipo de estudio', 'event_origins.type_id (ReporteOriginador_Tipo)', 'E2B tipo de estudio (C.5.4)'),
  // D
  m('D.1', 'Paciente (nombre o iniciales)', 'event_patients.initials', null, 'Sin iniciales: nullFlavor UNK.'),
  m('D.1.1.1', 'Historia clínica del médico de cabecera', null, null, NOT_HELD),
  m('D.1.1.2', 'Historia clínica del especialista', null, null, NOT_HELD),
  m('D.1.1.3', 'Historia clínica del hospital', null, null, NOT_HELD),
  m('D.1.1.4', 'Número de investigación', null, null, NOT_HELD),
  m('D.2.1', 'Fecha de nacimiento', null, null, NOT_HELD),
  m('D.2.2a', 'Edad al inicio de la reacción (número)', 'event_patients.age'),
  m('D.2.2b', 'Edad al inicio de la reacción (unidad)', 'event_patients.age_unit', 'UCUM edad (D.2.2b)'),
  m('D.2.2.1a', 'Período de gestación en que se observó la reacción (número)', null, null, NOT_HELD),
  m('D.2.2.1b', 'Período de gestación en que se observó la reacción (unidad)', null, null, NOT_HELD),
  m('D.2.3', 'Grupo etario del paciente', 'Calculado de la edad (grupos de edad de Indicadores)', 'E2B grupo etario (D.2.3)', 'Solo cuando no hay edad.'),
  m('D.3', 'Peso corporal (kg)', 'event_patients.weight con weight_unit_id (convertido a kg)'),
  m('D.4', 'Altura (cm)', 'event_patients.height con height_unit_id (convertido a cm)'),
  m('D.5', 'Sexo', 'event_patients.gender', 'E2B sexo (D.5)', 'Sin dato: nullFlavor UNK.'),
  m('D.6', 'Fecha de la última menstruación', null, null, NOT_HELD),
  m('D.7.1.r.1a', 'Versión de MedDRA de los antecedentes', null, null, 'Atalaya registra los antecedentes como texto (D.7.2).'),
  m('D.7.1.r.1b', 'Antecedente médico (MedDRA)', null, 'MedDRA LLT', 'Atalaya registra los antecedentes como texto (D.7.2).'),
  m('D.7.1.r.2', 'Fecha de inicio del antecedente', null, null, NOT_HELD),
  m('D.7.1.r.3', 'Antecedente en curso', null, null, NOT_HELD),
  m('D.7.1.r.4', 'Fecha de fin del antecedente', null, null, NOT_HELD),
  m('D.7.1.r.5', 'Comentarios del antecedente', null, null, NOT_HELD),
  m('D.7.1.r.6', 'Antecedente familiar', null, null, NOT_HELD),
  m('D.7.2', 'Texto de antecedentes médicos y condiciones concurrentes', 'event_patients.medical_conditions, allergies, pregnancy, lactation'),
  m('D.7.3', 'Terapias concomitantes', null, null, 'Atalaya no distingue terapias concomitantes: se omite.'),
  m('D.8.r.1', 'Nombre del medicamento previo', 'previous_medications.medication'),
  m('D.8.r.4', 'Fecha de inicio del medicamento previo', 'previous_medications.date_start'),
  m('D.8.r.5', 'Fecha de fin del medicamento previo', 'previous_medications.date_end'),
  m('D.8.r.6b', 'Indicación del medicamento previo (MedDRA)', null, 'MedDRA LLT', NOT_HELD),
  m('D.8.r.7b', 'Reacción al medicamento previo (MedDRA)', null, 'MedDRA LLT', NOT_HELD),
  m('D.9.1', 'Fecha de muerte', 'Fecha de fin de la reacción con desenlace mortal', null, 'Sin fecha: nullFlavor UNK.'),
  m('D.9.2.r.1b', 'Causa de muerte informada (MedDRA)', 'LLT de la reacción con criterio muerte o desenlace mortal', 'MedDRA LLT'),
  m('D.9.2.r.2', 'Causa de muerte informada (texto)', 'event_rams.description de esa reacción'),
  m('D.9.3', '¿Se realizó autopsia?', null, null, 'Sin dato: nullFlavor UNK.'),
  m('D.10', 'Padre o madre (informe padre-hijo)', null, null, NOT_HELD),
  // E.i
  m('E.i.1.1a', 'Reacción según la fuente primaria', 'event_rams.description'),
  m('E.i.1.1b', 'Idioma de la reacción según la fuente primaria', "Constante 'spa'"),
  m('E.i.1.2', 'Reacción para traducción', null, null, NOT_HELD),
  m('E.i.2.1a', 'Versión de MedDRA de la reacción', 'La versión de MedDRA importada (meddra_versions); si nunca se importó, Configuración: e2b.meddraFallbackVersion', null, 'Sin ninguna de las dos, la exportación se rechaza: nunca se adivina.'),
  m('E.i.2.1b', 'Código LLT de la reacción', 'event_rams.llt_code', 'MedDRA LLT', 'Obligatorio: sin LLT la exportación se rechaza.'),
  m('E.i.3.1', 'Término destacado por el notificador', null, null, NOT_HELD),
  m('E.i.3.2a', 'Resulta en muerte', 'event_rams.death', null, 'true o nullFlavor NI, nunca false.'),
  m('E.i.3.2b', 'Amenaza la vida', 'event_rams.life_threatening', null, 'true o nullFlavor NI, nunca false.'),
  m('E.i.3.2c', 'Causa o prolonga la hospitalización', 'event_rams.hospitalization_required o persisted_hospitalization', null, 'true o nullFlavor NI, nunca false.'),
  m('E.i.3.2d', 'Discapacidad o incapacidad', 'event_rams.persistent_disability o transitory_disability', null, 'true o nullFlavor NI, nunca false.'),
  m('E.i.3.2e', 'Anomalía congénita', 'event_rams.congenital_anomaly', null, 'true o nullFlavor NI, nunca false.'),
  m('E.i.3.2f', 'Otra condición médicamente importante', 'event_rams.another_condition', null, 'true o nullFlavor NI, nunca false.'),
  m('E.i.4', 'Fecha de inicio de la reacción', 'event_rams.date_start'),
  m('E.i.5', 'Fecha de fin de la reacción', 'event_rams.date_end'),
  m('E.i.6a', 'Duración de la reacción (número)', null, null, 'Se deduce de E.i.4 y E.i.5: no se envía.'),
  m('E.i.6b', 'Duración de la reacción (unidad)', null, null, 'Se deduce de E.i.4 y E.i.5: no se envía.'),
  m('E.i.7', 'Desenlace de la reacción', 'event_rams.evolution', 'E2B desenlace (E.i.7)', 'Sin dato: 0 (desconocido).'),
  m('E.i.8', 'Confirmación médica', 'Quién reporta: Médico, o contacto médico realizado (medical_contacts.contacted)', null, 'Sin confirmación: se omite.'),
  m('E.i.9', 'País donde ocurrió la reacción', 'events.country_id (countries.code)', 'ISO 3166-1'),
  // F.r
  m('F.r.1', 'Fecha de la prueba', null, null, NOT_HELD),
  m('F.r.2.1', 'Nombre de la prueba', null, null, 'Los resultados de laboratorio son documentos adjuntos: se citan en C.1.6.1.r.1.'),
  // G.k
  m('G.k.1', 'Caracterización del rol del medicamento', 'event_medications.drug_role (Caracterizacion: 1 sospechoso, 2 concomitante, 3 interactuante, 4 no administrado)', 'E2B rol del medicamento (G.k.1)'),
  m('G.k.2.1.1b', 'Identificador del medicamento (MPID)', null, null, NOT_HELD),
  m('G.k.2.1.2b', 'Identificador del producto farmacéutico (PhPID)', null, null, NOT_HELD),
  m('G.k.2.2', 'Nombre del medicamento según la fuente primaria', 'products.commercial_name / previous_medications.medication'),
  m('G.k.2.3.r.1', 'Nombre de la sustancia', 'active_ingredients.name (event_medication_ingredients)'),
  m('G.k.2.3.r.2b', 'Identificador de la sustancia', null, null, NOT_HELD),
  m('G.k.2.3.r.3a', 'Concentración (número)', 'event_medication_ingredients.concentration'),
  m('G.k.2.3.r.3b', 'Concentración (unidad)', 'event_medication_ingredients.unit_id (MedicamentoUnidad)', 'UCUM unidad', 'Unidad sin código UCUM: no se envía la concentración.'),
  m('G.k.2.4', 'País donde se obtuvo el medicamento', 'events.country_id (countries.code)', 'ISO 3166-1'),
  m('G.k.2.5', 'Producto en investigación enmascarado', null, null, NOT_HELD),
  m('G.k.3.1', 'Número de autorización', null, null, NOT_HELD),
  m('G.k.3.3', 'Titular de la autorización', 'laboratories.name (event_medications.laboratory_id)'),
  m('G.k.4.r.1a', 'Dosis (número)', 'event_medications.dose'),
  m('G.k.4.r.1b', 'Dosis (unidad)', 'event_medications.use_unit_id (MedicamentoUnidadUso)', 'UCUM unidad', 'Unidad sin código UCUM: la dosis va en texto (G.k.4.r.8).'),
  m('G.k.4.r.2', 'Número de unidades en el intervalo', 'event_medications.frequency_hours'),
  m('G.k.4.r.3', 'Unidad del intervalo', "Constante 'h'"),
  m('G.k.4.r.4', 'Fecha de inicio del medicamento', 'event_medications.date_start'),
  m('G.k.4.r.5', 'Fecha de la última administración', 'event_medications.date_end'),
  m('G.k.4.r.6a', 'Duración de la administración (número)', null, null, 'Se deduce de G.k.4.r.4 y G.k.4.r.5: no se envía.'),
  m('G.k.4.r.7', 'Número de lote', 'event_medications.lot_number'),
  m('G.k.4.r.8', 'Texto de la posología', 'Dosis, unidad y frecuencia como texto'),
  m('G.k.4.r.9.1', 'Forma farmacéutica (texto)', 'event_medications.pharmaceutical_form_id (FormaFarmaceutica)'),
  m('G.k.4.r.9.2b', 'Forma farmacéutica', 'FormaFarmaceutica: su Código E2B de Parámetros (EDQM)', 'EDQM', 'Forma sin código: solo se envía el texto (G.k.4.r.9.1).'),
  m('G.k.4.r.10.1', 'Vía de administración (texto)', 'event_medications.route_id (Via)'),
  m(
    'G.k.4.r.10.2b',
    'Vía de administración',
    'Via: su Código E2B de Parámetros, o los códigos de la vía sembrada',
    'E2B vía (EDQM o lista 14 de ICH)',
    'El término EDQM (ROA-…, codeSystem 0.4.0.127.0.16.1.1.2.6); a la FDA (ZZFDA), la lista 14 de ICH. Sin el código preferido va el otro; una vía sin ninguno rechaza la exportación. G.k.4.r.10.2a se omite.',
  ),
  m('G.k.5a', 'Dosis acumulada hasta la primera reacción', null, null, NOT_HELD),
  m('G.k.6a', 'Período de gestación en la exposición', 'event_patients.gestation (semanas, si embarazo)'),
  m('G.k.7.r.1', 'Indicación según la fuente primaria', 'event_medications.indication'),
  m('G.k.7.r.2b', 'Indicación (MedDRA)', null, 'MedDRA LLT', 'Atalaya registra la indicación como texto.'),
  m('G.k.8', 'Acción tomada con el medicamento', 'event_rams.medication_action_id (AccionMedicamento) de las reacciones: su Código E2B de Parámetros', 'E2B acción tomada (G.k.8)', 'Si las reacciones difieren o falta: 0 (desconocido). Una acción sin código E2B rechaza la exportación.'),
  m('G.k.9.i.1', 'Reacción evaluada', 'Cada reacción del caso'),
  m('G.k.9.i.2.r.1', 'Fuente de la evaluación de causalidad', "Constante 'Compañía' (la evaluación del QPPV)"),
  m('G.k.9.i.2.r.2', 'Método de evaluación de causalidad', "Constante 'Naranjo' (el caso) y 'WHO-UMC' (cada reacción × medicamento sospechoso evaluado)"),
  m(
    'G.k.9.i.2.r.3',
    'Resultado de la evaluación de causalidad',
    'Naranjo: imputability_evaluations.result; WHO-UMC: who_umc_assessments.category',
    null,
    'Sin evaluación completa: no se envía. Un par sin evaluación WHO-UMC lleva solo Naranjo.',
  ),
  m('G.k.9.i.4', '¿Reapareció la reacción al readministrar?', null, null, NOT_HELD),
  m('G.k.10.r', 'Información adicional del medicamento (codificada)', null, null, NOT_HELD),
  m('G.k.11', 'Información adicional del medicamento (texto)', 'event_rams.considerations'),
  // H
  m('H.1', 'Narrativa del caso', 'events.additional_information y un resumen generado de reacciones y medicamentos', null, 'Nunca vacía: se compone de los datos del caso.'),
  m('H.2', 'Comentarios del notificador', 'medical_contacts.intervention'),
  m('H.3.r.1b', 'Diagnóstico del remitente (MedDRA)', null, 'MedDRA LLT', NOT_HELD),
  m('H.4', 'Comentarios del remitente', 'imputability_evaluations.qppv_comment'),
  m('H.5.r.1a', 'Resumen en idioma original', null, null, NOT_HELD),
  // FDA regional elements: only in a report to the FDA (receiver ZZFDA; fda.ts, docs/e2b.md 'FDA')
  m('FDA.C.1.7.1', 'Tipo de informe según los criterios locales (FDA)', 'C.1.7: 1 (15 días) si cumple los criterios de notificación expeditiva, si no 2 (no expeditivo)', null, 'Solo para la FDA (FDA R0014 / R0015).'),
  m('FDA.C.1.12', 'Indicador de producto combinado (FDA)', null, null, 'Atalaya no registra productos combinados: nullFlavor NI.'),
  m('FDA.C.2.r.2.8', 'Correo electrónico del notificador (FDA)', 'Quién reporta: correo (informe entrante)', null, 'Sin correo: nullFlavor ASKU; caso cargado por el personal: NASK.'),
  m('FDA.D.11.r.1', 'Raza del paciente (FDA)', null, null, 'Atalaya no lo registra: nullFlavor UNK.'),
  m('FDA.D.12', 'Etnia del paciente (FDA)', null, null, 'Atalaya no lo registra: nullFlavor UNK.'),
  m('FDA.E.i.3.2h', 'Requirió intervención (FDA)', null, null, 'Atalaya no lo registra: nullFlavor NI en cada reacción.'),
];

const BY_ELEMENT = new Map(E2B_MAPPING.map((row) => [row.element, row]));

/** The mapping of an element, or undefined when the table does not list it. */
export function e2bMapping(element: string): E2bMapping | undefined {
  return BY_ELEMENT.get(element);
}

const cell = (text: string | null): string => (text ? text.replaceAll('|', '\\|').replaceAll('\n', ' ') : '—');

/** The mapping table as docs/e2b.md prints it (a server test keeps the document equal to it). */
export function e2bMappingMarkdown(): string {
  const lines = ['| Elemento | Nombre | De dónde sale en Atalaya | Lista de códigos | Nota |', '| --- | --- | --- | --- | --- |'];
  for (const row of E2B_MAPPING) lines.push(`| ${row.element} | ${cell(row.name)} | ${cell(row.source)} | ${cell(row.codeList)} | ${cell(row.note || null)} |`);
  return lines.join('\n');
}
