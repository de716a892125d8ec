import { z } from 'zod';

/**
 * What the server answers for a case's records (event spec §3, §7): the shapes the wizard,
 * the event view and the server's response schemas share. Dates are 'YYYY-MM-DD' strings,
 * date-times ISO instants. Ids of list values come with their display name where a screen
 * shows it, so no screen needs a second call to print a record.
 */

const named = z.object({ Id: z.number().int(), Nombre: z.string() });
export type NamedItem = z.infer<typeof named>;

/** getERByMeta (also the answer of createER, insertER). */
export const erEventSchema = z.object({
  Id: z.string(),
  Meta: z.string(),
  /** MetaData: the same identifier, as createER names it. */
  MetaData: z.string(),
  NumeroReferencia: z.string(),
  NumeroReferenciaHome: z.string().nullable(),
  Status: z.number().int(),
  StatusName: z.string(),
  IsRAM: z.boolean(),
  TieneFollowUp: z.boolean(),
  /** Entered from another system's E2B file (docs/e2b-import.md): only the PDF export, no 'Envíos E2B'. */
  IsHistoric: z.boolean(),
  /** 1 a case; 3 a follow-up event (a report added to a case, opened at …/view/details/3). */
  EventType: z.union([z.literal(1), z.literal(3)]),
  /** The case a follow-up event belongs to. */
  ParentMeta: z.string().nullable(),
  IdEventoHome: z.string().nullable(),
  GrupoId: z.number().int(),
  GrupoNombre: z.string(),
  SubGrupoId: z.number().int(),
  SubGrupoNombre: z.string(),
  /** ISO code and name of the case's country. */
  Country: z.string(),
  CountryName: z.string(),
  AdditionalInformation: z.string().nullable(),
  AdministeredMedicationsTextA: z.string().nullable(),
  AdministeredMedicationsTextB: z.string().nullable(),
  MedicalContact: z.boolean().nullable(),
  DateCreation: z.string(),
  User: z.object({ FirstName: z.string(), LastName: z.string(), UserID: z.string() }),
  Modificado: z.object({ Usuario: z.string(), Fecha: z.string() }).nullable(),
  /** What the signed-in user may do with it (computed by the server). */
  CanEdit: z.boolean(),
  CanCreateFollowUp: z.boolean(),
});
export type ErEvent = z.infer<typeof erEventSchema>;

/** The answer of createER / insertER / insertES. */
export const metaDataResultSchema = z.object({ MetaData: z.string(), NumeroReferencia: z.string() });

/** getERNew: the blank event the create dialog starts from. */
export const erNewSchema = z.object({
  Id: z.null(),
  Status: z.number().int(),
  Country: z.string().nullable(),
  SubGrupoId: z.number().int().nullable(),
  /** Countries the user may choose (an RLF: only their own), sorted by name. */
  Countries: z.array(z.object({ Id: z.number().int(), Codigo: z.string(), Nombre: z.string() })),
  /** Report types: sub-groups with their group, the unclassified '0' left out. */
  SubGrupos: z.array(z.object({ Id: z.number().int(), Nombre: z.string(), GrupoId: z.number().int(), GrupoNombre: z.string() })),
});
export type ErNew = z.infer<typeof erNewSchema>;

/** getPacienteByERMeta. */
export const erPatientSchema = z.object({
  Initials: z.string(),
  Age: z.number().nullable(),
  Escala: z.string().nullable(),
  Height: z.number().nullable(),
  HeightUnitId: z.number().int().nullable(),
  Weight: z.number().nullable(),
  WeightUnitId: z.number().int().nullable(),
  Genere: z.string().nullable(),
  Pregnancy: z.boolean().nullable(),
  Gestation: z.number().int().nullable(),
  Lactation: z.boolean().nullable(),
  Country: z.string().nullable(),
  State: z.string().nullable(),
  Residence: z.number().int().nullable(),
  InstMedica: z.string().nullable(),
  CondicionesMedicas: z.string().nullable(),
  Alergias: z.string().nullable(),
  ContactAllow: z.boolean().nullable(),
  IdParentesco: z.number().int().nullable(),
  Phone: z.string().nullable(),
  Email: z.string().nullable(),
});
export type ErPatient = z.infer<typeof erPatientSchema>;

/** getOriginReportByMeta (null until step 1 is saved). */
export const erOriginSchema = z.object({
  IdER: z.string(),
  Have: z.boolean(),
  NotHave: z.string().nullable(),
  OrigenId: z.number().int().nullable(),
  ReceptorId: z.number().int().nullable(),
  TipoId: z.number().int().nullable(),
  ProvieneDeLiteratura: z.boolean(),
  ReferenciaBibliografica: z.string().nullable(),
  Country: z.number().int().nullable(),
  NombreEstudio: z.string().nullable(),
  TipoEstudio: z.string().nullable(),
  NumeroRegistroEstudio: z.string().nullable(),
  NumeroSponsor: z.string().nullable(),
  /** The attached origin document, if any (download: downloadOriginReportById/{Meta}). */
  FileName: z.string().nullable(),
  Extension: z.string().nullable(),
});
export type ErOrigin = z.infer<typeof erOriginSchema>;

export const erMedicationIngredientSchema = z.object({
  PrincipioActivoId: z.number().int(),
  PrincipioActivo_Nombre: z.string(),
  Concentracion: z.number().nullable(),
  Unidad: z.number().int().nullable(),
  UnidadNombre: z.string().nullable(),
});
export type ErMedicationIngredient = z.infer<typeof erMedicationIngredientSchema>;

/**
 * Recuperado: the recovery of a suspect product (Recuperacion tab). The proof downloads by the
 * related medication's Id (downloadFileRecProductById/{medicationId}).
 */
export const erRecoverySchema = z.object({
  Id: z.number().int(),
  HaveProduct: z.boolean(),
  Date: z.string().nullable(),
  DateExpiration: z.string().nullable(),
  ContactName: z.string().nullable(),
  ContactAddress: z.string().nullable(),
  PlaceManufacture: z.string().nullable(),
  ConditionStorage: z.string().nullable(),
  StateConsFirst: z.string().nullable(),
  AmountComp: z.string().nullable(),
  NameFun: z.string().nullable(),
  StateConsSecond: z.string().nullable(),
  NombreArchivo: z.string().nullable(),
  Extension: z.string().nullable(),
  Modificado: z.object({ Usuario: z.string(), Fecha: z.string() }).nullable(),
});
export type ErRecovery = z.infer<typeof erRecoverySchema>;

/** getProductsRelationsByMeta: a related medication (suspect, concomitant, interacting or not administered: `Caracterizacion`). */
export const erMedicationSchema = z.object({
  Id: z.number().int(),
  Medicine: z.object({ Id: z.number().int(), ComercialName: z.string(), Family: z.object({ Name: z.string() }) }),
  Laboratorio: named,
  LineaId: z.number().int().nullable(),
  Linea: z.object({ Nombre: z.string() }).nullable(),
  LineaId2: z.number().int().nullable(),
  Linea2: z.object({ Nombre: z.string() }).nullable(),
  FormaFarmaceuticaId: z.number().int().nullable(),
  FormaFarmaceutica: z.string().nullable(),
  PrincipiosActivos: z.array(erMedicationIngredientSchema),
  LotNumber: z.string().nullable(),
  Indication: z.string().nullable(),
  DateStart: z.string().nullable(),
  DateEnd: z.string().nullable(),
  ViaId: z.number().int().nullable(),
  Via: z.string().nullable(),
  FrecuenciaTipo: z.number().int().nullable(),
  FrecuenciaTipoNombre: z.string().nullable(),
  FrecId: z.number().nullable(),
  Cant: z.number().nullable(),
  UnitUsoId: z.number().int().nullable(),
  UnitUsoNombre: z.string().nullable(),
  /** E2B G.k.1: 1 sospechoso, 2 concomitante, 3 interactuante, 4 no administrado. */
  Caracterizacion: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  /** Its Spanish name ('Sospechoso'…). */
  CaracterizacionNombre: z.string(),
  /** Null until a recovery is saved. */
  Recuperado: erRecoverySchema.nullable(),
});
export type ErMedication = z.infer<typeof erMedicationSchema>;

/** getProductsRelationsShortByMeta. */
export const erMedicationShortSchema = z.object({
  Id: z.number().int(),
  ComercialName: z.string(),
  Laboratorio: z.string(),
  PrincipiosActivos: z.string(),
});

/**
 * A RAM's notification (LocalSanitaryNotificaction to the health authority, ProviderNotification
 * to the licence holder): when, how (a ViaDeComunicacion) and the proof's file name, if any. The
 * proof downloads by the RAM's Id (downloadFileLocalSanitaryNotificactionById/{ramId},
 * downloadFileProviderNotificationById/{ramId}).
 */
export const erRamNotificationSchema = z.object({
  Fecha: z.string().nullable(),
  Via: z.number().int().nullable(),
  ViaNombre: z.string().nullable(),
  FileName: z.string().nullable(),
  Extension: z.string().nullable(),
});
export type ErRamNotification = z.infer<typeof erRamNotificationSchema>;

/** getRAMByMeta: an adverse event with its classification (RAM tab of the view). */
export const erRamSchema = z.object({
  Id: z.number().int(),
  IdER: z.string(),
  MedraLLT: z.object({ llt_code: z.number().int().nullable(), llt_name: z.string().nullable() }),
  Description: z.string(),
  Evolution: z.number().int().nullable(),
  AccMed: z.number().int().nullable(),
  AccMedNombre: z.string().nullable(),
  IsExpected: z.boolean().nullable(),
  IsRAM: z.boolean(),
  TypeRAM: z.number().int().nullable(),
  CategoryRAM: z.array(z.object({ RAMId: z.number().int(), RAMCategoryId: z.number().int() })),
  DateStart: z.string().nullable(),
  DateEnd: z.string().nullable(),
  Death: z.boolean(),
  LifeThreading: z.boolean(),
  HospitalizationRequired: z.boolean(),
  HospitalizationDateStart: z.string().nullable(),
  HospitalizationDateEnd: z.string().nullable(),
  PersistedHospitalization: z.boolean(),
  TransitoryDisability: z.boolean(),
  PersistentDisability: z.boolean(),
  CongenitalAnomaly: z.boolean(),
  AnotherCondition: z.boolean(),
  /** Any seriousness flag. */
  IsSerious: z.boolean(),
  Considerations: z.string().nullable(),
  DoseReduction: z.boolean().nullable(),
  Concentration: z.number().nullable(),
  UnitId: z.number().int().nullable(),
  FrecId: z.number().nullable(),
  Cant: z.number().nullable(),
  UnitUsoId: z.number().int().nullable(),
  QualityClaim: z.boolean(),
  /** Tipo I–IV, by name. */
  TypeRAMNombre: z.string().nullable(),
  /** Null until notified. */
  LocalSanitaryNotificaction: erRamNotificationSchema.nullable(),
  ProviderNotification: erRamNotificationSchema.nullable(),
});
export type ErRam = z.infer<typeof erRamSchema>;

/** MedicamentoAnteriorByMeta. */
export const erPreviousMedicationSchema = z.object({
  Id: z.number().int(),
  EvRepId: z.string(),
  Medicamento: z.string(),
  Tipo: z.number().int().nullable(),
  TipoNombre: z.string().nullable(),
  FechaIni: z.string().nullable(),
  FechaFin: z.string().nullable(),
});
export type ErPreviousMedication = z.infer<typeof erPreviousMedicationSchema>;

/** getContactoMedicoByMeta (null until saved). */
export const erMedicalContactSchema = z.object({
  Id: z.number().int(),
  ErId: z.string(),
  SeContacto: z.boolean(),
  FechaContacto: z.string().nullable(),
  NombreMedico: z.string().nullable(),
  Profesion: z.string().nullable(),
  EmailMedico: z.string().nullable(),
  TelMedico: z.string().nullable(),
  Intervencion: z.string().nullable(),
  NombreArchivo: z.string().nullable(),
  ExtensionArchivo: z.string().nullable(),
});
export type ErMedicalContact = z.infer<typeof erMedicalContactSchema>;

/** getDocsAndNotesByMeta: a document or note. */
export const erDocumentSchema = z.object({
  Id: z.number().int(),
  FileName: z.string().nullable(),
  Extension: z.string().nullable(),
  TipoId: z.number().int().nullable(),
  TipoNombre: z.string().nullable(),
  Note: z.string(),
  UserFullName: z.string(),
  Date: z.string(),
});
export type ErDocument = z.infer<typeof erDocumentSchema>;

/** getERWhoReportByMeta: who reported the case. */
export const erWhoReportSchema = z.object({
  /** 'Médico', 'Paciente' (an incoming report) or 'Usuario' (created by staff). */
  Origen: z.string(),
  Nombre: z.string().nullable(),
  Email: z.string().nullable(),
  Telefono: z.string().nullable(),
  Parentesco: z.string().nullable(),
  Profesion: z.string().nullable(),
});
export type ErWhoReport = z.infer<typeof erWhoReportSchema>;

/** getProductsCountryByMeta/{meta}: a medicine sold in the case's country, with what the form pre-fills. */
export const countryProductSchema = z.object({
  Id: z.number().int(),
  ComercialName: z.string(),
  Familia: z.string(),
  Laboratorio: named,
  FormaFarmaceuticaId: z.number().int().nullable(),
  PrincipiosActivos: z.array(erMedicationIngredientSchema),
});
export type CountryProduct = z.infer<typeof countryProductSchema>;

/** A row of any simple reference list answer (lines, laboratories, active ingredients, products). */
export const namedItemSchema = named;

/**
 * A product of `getProductFiltersByLabId`: id, commercial name and its family, whose active
 * ingredients `getPrincipioActivoByFamilia/{FamiliaId}` lists (the product search's ingredient picker).
 */
export const productFilterItemSchema = named.extend({ FamiliaId: z.number().int() });
export type ProductFilterItem = z.infer<typeof productFilterItemSchema>;

/** getCodiguerasBasic / getCodiguerasAll: the lists the wizard and the view use (All also holds disabled rows). */
export const codiguerasSchema = z.object({
  Paises: z.array(z.object({ Id: z.number().int(), Codigo: z.string(), Nombre: z.string() })),
  Grupos: z.array(z.object({ Id: z.number().int(), Title: z.string() })),
  SubGrupos: z.array(z.object({ Id: z.number().int(), Nombre: z.string(), GrupoId: z.number().int(), Value: z.string() })),
  Status: z.array(z.object({ Id: z.number().int(), Estado: z.string() })),
  Via: z.array(named),
  MedicamentoFrecuencia: z.array(named),
  /** Concentration units (ids below 50). */
  MedicamentoUnidad: z.array(named),
  MedicamentoUnidadUso: z.array(named),
  Parentesco: z.array(named),
  AccionMedicamento: z.array(named),
  PesoUnidad: z.array(z.object({ Id: z.number().int(), NombreCompleto: z.string(), Abreviacion: z.string() })),
  AlturaUnidad: z.array(z.object({ Id: z.number().int(), NombreCompleto: z.string(), Abreviacion: z.string() })),
  MedicamentosAnteriores_Tipo: z.array(named),
  Residencias: z.array(named),
  PaisOrigen: z.array(named),
  ReporteOriginador_Origen: z.array(named),
  ReporteOriginador_Receptor: z.array(named),
  ReporteOriginador_Tipo: z.array(named),
  FormaFarmaceutica: z.array(named),
  NotasArchivosTipo: z.array(named),
  ViaDeComunicacion: z.array(named),
  RAMTipos: z.array(z.object({ Id: z.number().int(), Type: z.string(), Descripcion: z.string().nullable() })),
  RAMCategorias: z.array(z.object({ Id: z.number().int(), Type: z.string() })),
  Evolucion: z.array(named),
});
export type Codigueras = z.infer<typeof codiguerasSchema>;
