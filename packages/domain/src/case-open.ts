import { z } from 'zod';
import {
  erDocumentSchema,
  erEventSchema,
  erMedicalContactSchema,
  erMedicationSchema,
  erOriginSchema,
  erPatientSchema,
  erPreviousMedicationSchema,
  erRamSchema,
  erWhoReportSchema,
} from './case-records.js';
import { approvedFabricSchema, erActionSchema } from './case-view.js';

/**
 * (ours) `getERViewByMeta/{meta}`: opening a case in one read (issue 33). What the view's header
 * and its first tab (Detalle) need, each part exactly as its own per-record call answers it for
 * this user — those calls stay, for the other tabs and for clients:
 *
 * | part | the call it equals |
 * | --- | --- |
 * | `Evento` | `getERByMeta` |
 * | `Acciones` | `getActionsERByMeta` |
 * | `Paciente` | `getPacienteByERMeta` (`null` where that answers 404: no patient saved yet) |
 * | `Origen` | `getOriginReportByMeta` |
 * | `Medicamentos` | `getProductsRelationsByMeta` |
 * | `RAMs` | `getRAMByMeta` |
 * | `MedicamentosAnteriores` | `MedicamentoAnteriorByMeta` |
 * | `ContactoMedico` | `getContactoMedicoByMeta` |
 * | `AprobacionFabricante` | `getApprovedFabricByMeta` |
 * | `Documentos` | `getDocsAndNotesByMeta` |
 * | `QuienReporta` | `getERWhoReportByMeta` |
 */
export const erViewSchema = z.object({
  Evento: erEventSchema,
  Acciones: z.array(erActionSchema),
  Paciente: erPatientSchema.nullable(),
  Origen: erOriginSchema.nullable(),
  Medicamentos: z.array(erMedicationSchema),
  RAMs: z.array(erRamSchema),
  MedicamentosAnteriores: z.array(erPreviousMedicationSchema),
  ContactoMedico: erMedicalContactSchema.nullable(),
  AprobacionFabricante: approvedFabricSchema,
  Documentos: z.array(erDocumentSchema),
  QuienReporta: erWhoReportSchema,
});
export type ErView = z.infer<typeof erViewSchema>;
