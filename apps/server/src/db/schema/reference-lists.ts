import { integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { codigueraColumns } from './columns.js';

/*
 * Reference lists (codigueras). Each has `id`, `value` (stable code), `eliminado` and
 * `importCodigo`; the list-specific columns keep the spec's column names (Nombre → nombre,
 * NombreCompleto → nombreCompleto…). `codigueras` maps the spec's table names to the tables.
 * Several screens rely on ids (AccionMedicamento 2–3, ReporteOriginador_Receptor 2, _Tipo 4,
 * unit 1 as the default height and weight unit), so seeding sets them explicitly.
 */

/** Especialidad: the professional speciality of a user. */
export const specialities = pgTable('specialities', { ...codigueraColumns(), description: text().notNull() });

/** MedicamentoFrecuencia: frequency type of a dose (FrecuenciaTipo). */
export const medicationFrequencies = pgTable('medication_frequencies', { ...codigueraColumns(), nombre: text().notNull() });

/** MedicamentoUnidad: concentration units (ids below 50). */
export const medicationUnits = pgTable('medication_units', { ...codigueraColumns(), nombre: text().notNull() });

/** MedicamentoUnidadUso: dose units (UnitUsoId). */
export const medicationUseUnits = pgTable('medication_use_units', { ...codigueraColumns(), nombre: text().notNull() });

/** Parentesco: the reporter's relationship to the patient. */
export const relationships = pgTable('relationships', { ...codigueraColumns(), nombre: text().notNull() });

/** AccionMedicamento: action taken with the drug (AccMed); e2b_code: its G.k.8 code (Parámetros' 'Código E2B', docs/e2b.md). */
export const medicationActions = pgTable('medication_actions', { ...codigueraColumns(), nombre: text().notNull(), e2bCode: text() });

/** AlturaUnidad. */
export const heightUnits = pgTable('height_units', {
  ...codigueraColumns(),
  nombreCompleto: text().notNull(),
  abreviacion: text().notNull(),
});

/** PesoUnidad. */
export const weightUnits = pgTable('weight_units', {
  ...codigueraColumns(),
  nombreCompleto: text().notNull(),
  abreviacion: text().notNull(),
});

/** ReporteOriginador_Origen (OrigenId). */
export const reportOrigins = pgTable('report_origins', { ...codigueraColumns(), nombre: text().notNull() });

/** ReporteOriginador_Receptor (ReceptorId). */
export const reportReceivers = pgTable('report_receivers', { ...codigueraColumns(), nombre: text().notNull() });

/** ReporteOriginador_Tipo (TipoId). */
export const reportTypes = pgTable('report_types', { ...codigueraColumns(), nombre: text().notNull(), e2bCode: text() });

/** NotasArchivosTipo: type of a document or note. */
export const noteFileTypes = pgTable('note_file_types', { ...codigueraColumns(), nombre: text().notNull() });

/** ViaDeComunicacion: how a notification was sent. */
export const communicationChannels = pgTable('communication_channels', { ...codigueraColumns(), nombre: text().notNull() });

/** Via: route of administration (ViaId). */
export const administrationRoutes = pgTable('administration_routes', { ...codigueraColumns(), descripcion: text().notNull(), e2bCode: text() });

/** RAMTipos: Tipo I to IV (TypeRAM). */
export const ramTypes = pgTable('ram_types', { ...codigueraColumns(), type: text().notNull(), descripcion: text() });

/** RAMCategorias (CategoryRAM). */
export const ramCategories = pgTable('ram_categories', { ...codigueraColumns(), type: text().notNull() });

/** MedicamentosAnteriores_Tipo. */
export const previousMedicationTypes = pgTable('previous_medication_types', { ...codigueraColumns(), nombre: text().notNull() });

/** PaisOrigen: country of origin of a report. */
export const originCountries = pgTable('origin_countries', { ...codigueraColumns(), nombre: text().notNull() });

/** Residencias: Capital, Interior, Rural, Urbana. */
export const residences = pgTable('residences', { ...codigueraColumns(), nombre: text().notNull() });

/** FormaFarmaceutica. */
export const pharmaceuticalForms = pgTable('pharmaceutical_forms', { ...codigueraColumns(), nombre: text().notNull(), e2bCode: text() });

/** Grupo: the five types of occurrence (GrupoId 1–5); `value` is the id as text. */
export const groups = pgTable('groups', { ...codigueraColumns(), title: text().notNull() });

/** SubGrupo; sub-group 0 is given to reports from the public site. `value` is its code. */
export const subGroups = pgTable('sub_groups', {
  ...codigueraColumns(),
  nombre: text().notNull(),
  grupoId: integer()
    .notNull()
    .references(() => groups.id),
});

/** Status: reportable event statuses (1 Pendiente … 11 Anulado); `value` is the id as text. */
export const statuses = pgTable('statuses', {
  ...codigueraColumns(),
  estado: text().notNull(),
});

/** Incoming report statuses: 1 Nuevo, 2 En revisión, 3 Descartado. */
export const homeReportStatuses = pgTable('home_report_statuses', {
  id: smallint().primaryKey(),
  name: text().notNull(),
});

/** The reference lists by the spec's table names (Parameters screen, seeding, imports). */
export const codigueras = {
  MedicamentoFrecuencia: medicationFrequencies,
  MedicamentoUnidad: medicationUnits,
  MedicamentoUnidadUso: medicationUseUnits,
  Parentesco: relationships,
  Grupo: groups,
  SubGrupo: subGroups,
  AccionMedicamento: medicationActions,
  AlturaUnidad: heightUnits,
  PesoUnidad: weightUnits,
  ReporteOriginador_Origen: reportOrigins,
  ReporteOriginador_Receptor: reportReceivers,
  ReporteOriginador_Tipo: reportTypes,
  NotasArchivosTipo: noteFileTypes,
  ViaDeComunicacion: communicationChannels,
  Via: administrationRoutes,
  RAMTipos: ramTypes,
  RAMCategorias: ramCategories,
  MedicamentosAnteriores_Tipo: previousMedicationTypes,
  PaisOrigen: originCountries,
  Especialidad: specialities,
  Status: statuses,
  Residencias: residences,
  FormaFarmaceutica: pharmaceuticalForms,
} as const;

export type CodigueraName = keyof typeof codigueras;
