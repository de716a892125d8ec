import { z } from 'zod';

/** `POST /api/postreporthome` and `postreporthomeusuario`: the stored report's human-readable number and its id. */
export const reportCreatedSchema = z.object({
  /** RH-2026-000001 */
  Reference: z.string(),
  Id: z.string(),
});
export type ReportCreated = z.infer<typeof reportCreatedSchema>;

/** `GET /api/getEventoDeHomeByReference/{reference}`: an incoming report as stored. */
export const homeReportByReferenceSchema = z.object({
  Id: z.string(),
  Reference: z.string(),
  Status: z.number().int(),
  IsMedic: z.boolean(),
  /** Receipt (ISO). */
  Date: z.string(),
  Data: z.record(z.string(), z.unknown()),
});
export type HomeReportByReference = z.infer<typeof homeReportByReferenceSchema>;

const choice = z.union([z.string(), z.number()]).nullish();
const text = z.string().nullish();
const amount = z.number().nullish();
/** Every level is loose: the two variants (professional, patient) store different fields, and none is dropped. */
const loose = <Shape extends z.ZodRawShape>(shape: Shape) => z.looseObject(shape);

/**
 * The stored public report (`PublicReport` of public-form.ts, with Tipo { Pais, SubGroup,
 * SubGroupName } and each product's ComercialName filled), read loosely: every field may be
 * missing or null.
 */
export const storedReportDataSchema = loose({
  isMedic: z.boolean().optional(),
  Tipo: loose({ Pais: choice, SubGroup: choice, SubGroupName: text }).nullish(),
  Paciente: loose({
    Pais: choice,
    Iniciales: text,
    Sexo: text,
    FechaNacimiento: text,
    Peso: amount,
    Altura: amount,
    Embarazo: text,
    Gestacion: amount,
    Lactancia: text,
    CentroMedico: text,
  }).nullish(),
  RAM: z
    .array(
      loose({
        MedDRA: loose({ llt_name: text, llt_code: choice }).nullish(),
        Grave: text,
        Reaccion: text,
        FechaIniReaccion: text,
        FechaFinReaccion: text,
        Evolucion: choice,
        AccionMeddicamento: choice,
      }),
    )
    .nullish(),
  Medicamento: z
    .array(
      loose({
        Producto: loose({ Id: choice, ComercialName: text }).nullish(),
        Via: choice,
        FrecuenciaTipo: choice,
        Frecuencia: amount,
        Dosis: amount,
        UnidadUso: choice,
        FechaIni: text,
        FechaFin: text,
        Indicacion: text,
        /** G.k.1 of a report imported from E2B (1–4, e2b-import/map.ts); absent on the public form's. */
        Caracterizacion: choice,
      }),
    )
    .nullish(),
  Concomitante: z.array(loose({ Medicamento: text, Tipo: choice, FechaIni: text, FechaFin: text })).nullish(),
  ContactoMedico: loose({
    HistoriaClinica: text,
    NotificadoPorOtro: text,
    OtraViaNotificado: text,
    ContactoMedico: text,
    PermitirContactoMedico: text,
    Medico: loose({
      FechaContacto: text,
      Intervencion: text,
      Nombre: text,
      Profesion: text,
      Email: text,
      Telefono: text,
      CentroAtencion: text,
    }).nullish(),
  }).nullish(),
  InformacionContacto: loose({
    AceptaContacto: text,
    Reporta: loose({ Nombre: text, Profesion: text, Parentesco: choice, Email: text, Telefono: text }).nullish(),
  }).nullish(),
});
export type StoredReportData = z.infer<typeof storedReportDataSchema>;

/**
 * `GET /api/getEventoDeHomeById/{id}` and `getEventoDeHomeByMeta/{meta}`: an incoming report
 * for the summary modal and the wizard, with its status name, its country code (`Pais`) and
 * its type of occurrence (`SubGroup`, the sub-group id; 0 while unclassified).
 */
export const homeReportDetailSchema = homeReportByReferenceSchema.extend({
  StatusName: z.string(),
  Pais: z.string(),
  SubGroup: z.number().int(),
  Data: storedReportDataSchema,
});
export type HomeReportDetail = z.infer<typeof homeReportDetailSchema>;

/**
 * One status change of an incoming report ('Historial del reporte' in the summary modal): the
 * statuses before (null for the report's arrival) and after with their names, the comment
 * given, who made it (null for the public site) and when (ISO 8601). Status 4 is Ingresado.
 */
export const homeReportHistoryEntrySchema = z.object({
  Date: z.string(),
  FromStatus: z.number().int().nullable(),
  FromStatusName: z.string().nullable(),
  Status: z.number().int(),
  StatusName: z.string(),
  Comment: z.string().nullable(),
  User: z.string().nullable(),
});
export type HomeReportHistoryEntry = z.infer<typeof homeReportHistoryEntrySchema>;

/**
 * `GET /api/getEventoDeHomeById/{id}`: the report of the summary modal with its history
 * (`Historial`, oldest first), so a discarded report shows why it was discarded.
 */
export const homeReportWithHistorySchema = homeReportDetailSchema.extend({
  Historial: z.array(homeReportHistoryEntrySchema),
});
export type HomeReportWithHistory = z.infer<typeof homeReportWithHistorySchema>;

/** The reporter's contact fields in a stored report (`InformacionContacto.Reporta`). */
export const REPORTER_CONTACT_FIELDS = ['Nombre', 'Email', 'Telefono'] as const;

type Loose = Record<string, unknown>;
const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The stored report without the reporter's contact data, for a role that may not see it
 * (`canSeeReporterContact`): the name, e-mail and phone of `InformacionContacto.Reporta` become
 * null; the contact consent, profession and relationship stay, and so does the consulted medic
 * of `ContactoMedico` (a record of the case, as its medical contact).
 */
export function withoutReporterContact<Data extends Loose>(data: Data): Data {
  const contact = data['InformacionContacto'];
  if (!isObject(contact) || !isObject(contact['Reporta'])) return data;
  const reporter: Loose = { ...contact['Reporta'] };
  for (const field of REPORTER_CONTACT_FIELDS) if (field in reporter) reporter[field] = null;
  return { ...data, InformacionContacto: { ...contact, Reporta: reporter } };
}
