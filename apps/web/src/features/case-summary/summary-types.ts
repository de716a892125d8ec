import type { ApprovedFabric, Codigueras, ErEvent, ErMedicalContact, ErOrigin, ErPatient, ErPreviousMedication, ErRam, ErWhoReport, MedicationInput, OriginInput, PatientInput, RamInput, SERIOUSNESS_FLAGS } from '@atalaya/domain';
import type { SummaryBlock, SummaryRow, SummarySection } from '../../shared/summary';

/**
 * The summary of a case (the wizard's step 7 'Resumen' and the view's Detalle, event spec §2.4):
 * everything the case holds, read-only, as titled sections of label/value rows. Missing values
 * show '---', booleans SI / NO, dates DD/MM/YYYY.
 */

export type { SummaryBlock, SummaryRow, SummarySection };

/** A follow-up report's draft (the wizard's), shown instead of the stored patient, origin, medications and adverse events. */
export interface SummaryDraft {
  patient: PatientInput;
  origin: OriginInput;
  medicamentos: { input: MedicationInput; display: { ComercialName: string; Laboratorio: string; Linea: string } }[];
  rams: { input: RamInput }[];
}

export type SummaryLists = Pick<
  Codigueras,
  | 'Paises'
  | 'Residencias'
  | 'Parentesco'
  | 'PesoUnidad'
  | 'AlturaUnidad'
  | 'ReporteOriginador_Origen'
  | 'ReporteOriginador_Receptor'
  | 'ReporteOriginador_Tipo'
  | 'PaisOrigen'
  | 'Via'
  | 'MedicamentoFrecuencia'
  | 'MedicamentoUnidad'
  | 'MedicamentoUnidadUso'
  | 'AccionMedicamento'
>;

/** The origin as stored, or as the follow-up draft holds it (no file then). */
export type SummaryOrigin = Omit<ErOrigin, 'IdER' | 'FileName' | 'Extension' | 'OrigenId' | 'TipoId'> & {
  OrigenId: number | null;
  TipoId: number | null;
  FileName?: string | null;
  Extension?: string | null;
};

/** A related medication with the names a reader needs. */
export interface SummaryMedication {
  name: string;
  /** 'Rol del medicamento' (E2B G.k.1): Sospechoso, Concomitante, Interactuante, No administrado. */
  role: string;
  laboratory: string | null;
  lines: string[];
  ingredients: string[];
  lot: string | null;
  indication: string | null;
  dateStart: string | null;
  dateEnd: string | null;
  dose: string;
  via: string | null;
  frequencyType: string | null;
  hours: number | null;
}

export type SummaryRam = Pick<
  ErRam,
  | 'MedraLLT'
  | 'Description'
  | 'IsExpected'
  | 'Evolution'
  | 'AccMed'
  | 'DateStart'
  | 'DateEnd'
  | 'HospitalizationDateStart'
  | 'HospitalizationDateEnd'
  | 'Considerations'
  | (typeof SERIOUSNESS_FLAGS)[number]
>;

export interface SummaryData {
  event: ErEvent;
  patient: ErPatient | null;
  origin: SummaryOrigin | null;
  medications: SummaryMedication[];
  rams: SummaryRam[];
  previousMedications: ErPreviousMedication[];
  medicalContact: ErMedicalContact | null;
  /**
   * A Fabricante's view shows the manufacturer's approval instead of the medical contact
   * (event spec §6); undefined elsewhere.
   */
  approvedFabric?: ApprovedFabric | null;
  /** The user's time zone, for date-times. */
  timeZone?: string;
  documentCount: number;
  whoReport: ErWhoReport | null;
  lists: SummaryLists;
  /** The reporter's contact data is not for this user (`canSeeReporterContact`): placeholders instead. */
  hideReporterContact?: boolean;
}
