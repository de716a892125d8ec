import { randomUUID } from 'node:crypto';
import { ER_STATUS, NARANJO_QUESTION_KEYS, type OriginInput, ROLE_IDS, ROLES, type Role } from '@atalaya/domain';
import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  e2bImports,
  e2bReceivers,
  e2bSubmissions,
  files as fileTable,
  imports,
  laboratories as laboratoryTable,
  originCountries,
  previousMedications,
  signalHistory,
  signals as signalTable,
  specialities,
  userLaboratories,
  users as userTable,
} from './db/schema/index.js';
import { routeAccessTable, type RouteAccessEntry } from './http/route-access.js';
import { loadAuthKeys } from './modules/auth/index.js';
import { createTestApp, type TestApp } from './test-support/app.js';
import {
  allowedBy,
  CALLER_KINDS,
  type Caller,
  type CaseWorld,
  createCaseWorld,
  createReportWorld,
  expiredToken,
  leakedSecrets,
  refusalFor,
  type ReportWorld,
  rowFingerprint,
  tokenOfOtherKey,
  unsignedToken,
  type World,
} from './test-support/authorization-matrix.js';
import { createMedicationProduct, type MedicationProduct, medicationForm, ramForm } from './test-support/case-medications.js';
import { validPatient } from './test-support/case-edit.js';
import { createLlt, type TestLlt } from './test-support/catalog.js';
import { bearer, createUser, login, randomIp, type TestUser } from './test-support/factories.js';
import { multipartBody, SAMPLE_PDF } from './test-support/files.js';
import { patientReport } from './test-support/public-reports.js';
import { zipArchive } from './test-support/zip.js';

/**
 * The authorization matrix (docs/roles.md, 'The authorization matrix'): generated from the
 * route table the server builds as routes register (`routeAccessTable`), every caller × every
 * route × every object in and out of the caller's reach. A route must have a recipe below
 * (how to name an object in its path or body); a new route without one fails the first test.
 */

let t: TestApp;
let table: readonly RouteAccessEntry[];
let product: MedicationProduct;
let llt: TestLlt;
const callers = new Map<string, Caller>();
const worlds: World[] = [];
/** Ids of the matrix's users, cases, reports and records: the scope of the row fingerprints. */
const scope = { caseIds: [] as string[], reportIds: [] as string[], userIds: [] as string[], recordIds: [] as number[] };
const previousMedicationOf = new Map<string, number>();
/** One stored E2B submission of each case, so the calls on a submission have one in reach. */
const submissionOf = new Map<string, number>();

/** Everything an object-less route is called with: reached by every signed-in role. */
const NO_OBJECT: World = { kind: 'country', name: 'no object', countryCode: 'UY', reachedBy: ROLES, secrets: [] };

// ---- Recipes: how each route names an object -----------------------------------------------

type ObjectKind = 'case' | 'report' | 'country' | 'none';

interface Call {
  url: string;
  payload?: InjectOptions['payload'];
  headers?: Record<string, string>;
}

interface Recipe {
  object: ObjectKind;
  /** Reads change nothing: their in-reach calls use the shared objects; writes get a fresh object of their own. */
  read: boolean;
  call: (world: World, caller: Caller) => Call | Promise<Call>;
  /**
   * What an allowed caller gets for an object out of reach: 404 (the house rule: unknown and
   * out of reach look the same) unless told; 'filtered': a list filtered down to the object
   * answers 2xx without it.
   */
  outOfReach?: 403 | 404 | 'filtered';
  /** A status a read within reach may answer besides 2xx, for a business reason given here. */
  inReachMay?: { status: number; because: string };
}

const ORIGIN: OriginInput = {
  Have: false,
  NotHave: 'El reportante no conserva el documento',
  OrigenId: 1,
  ReceptorId: 1,
  TipoId: 1,
  ProvieneDeLiteratura: false,
  ReferenciaBibliografica: null,
  Country: 1,
  NombreEstudio: null,
  TipoEstudio: null,
  NumeroRegistroEstudio: null,
  NumeroSponsor: null,
};

function asCase(world: World): CaseWorld {
  if (world.kind !== 'case') throw new Error(`${world.name} is not a case`);
  return world;
}

function asReport(world: World): ReportWorld {
  if (world.kind !== 'report') throw new Error(`${world.name} is not a report`);
  return world;
}

function signature(caller: Caller) {
  return { comment: 'Firma de la matriz', userEmail: caller.email ?? 'nadie@test.atalaya', password: caller.password ?? 'x' };
}

async function upload(url: string, fields: Record<string, string | number>): Promise<Call> {
  const body = await multipartBody(fields, [{ name: 'matriz.pdf', content: SAMPLE_PDF, type: 'application/pdf' }]);
  return { url, payload: body.payload, headers: body.headers };
}

const caseGet = (path: (world: CaseWorld) => string): Recipe => ({ object: 'case', read: true, call: (world) => ({ url: `/api/${path(asCase(world))}` }) });
const casePost = (call: string, body: (world: CaseWorld, caller: Caller) => object, read = false): Recipe => ({
  object: 'case',
  read,
  call: (world, caller) => ({ url: `/api/${call}`, payload: body(asCase(world), caller) }),
});
const caseUpload = (call: string, fields: (world: CaseWorld) => Record<string, string | number>): Recipe => ({
  object: 'case',
  read: false,
  call: (world) => upload(`/api/${call}`, fields(asCase(world))),
});
const plainGet = (url: string): Recipe => ({ object: 'none', read: true, call: () => ({ url }) });

function survey() {
  return NARANJO_QUESTION_KEYS.map((Key) => ({ Key, Respuesta: 0, LeidoFabricante: false, LeidoQPPV: false, RevisadoQPPV: false, ComentarioQPPV: null }));
}

const RECIPES: Record<string, Recipe> = {
  // Auth and session (no object).
  'POST /api/acceptTerms': { object: 'none', read: false, call: () => ({ url: '/api/acceptTerms' }) },
  'GET /api/captcha': plainGet('/api/captcha'),
  'GET /api/getContext': plainGet('/api/getContext'),
  'GET /api/getMyUser': plainGet('/api/getMyUser'),
  'POST /api/logedUserSignature': { object: 'none', read: false, call: (_world, caller) => ({ url: '/api/logedUserSignature', payload: { userEmail: caller.email ?? 'nadie@test.atalaya', password: caller.password ?? 'x' } }) },
  'POST /api/login': {
    object: 'none',
    read: false,
    call: () => ({
      url: '/api/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'password', username: `nadie-${randomUUID()}@test.atalaya`, password: 'x' }).toString(),
    }),
  },
  'POST /api/logout': { object: 'none', read: false, call: () => ({ url: '/api/logout' }) },
  'POST /api/userchangepassword': { object: 'none', read: false, call: () => ({ url: '/api/userchangepassword', payload: { nueva: 'Clave-nueva-123', token: randomUUID() } }) },
  'POST /api/userresetpassword': { object: 'none', read: false, call: () => ({ url: '/api/userresetpassword', payload: { email: `nadie-${randomUUID()}@test.atalaya` } }) },

  // Public form and catalogue.
  'GET /api/getCodiguerasHome': plainGet('/api/getCodiguerasHome'),
  'GET /api/getCompaniesHome': plainGet('/api/getCompaniesHome'),
  'GET /api/getMedDRALLT/:term': plainGet('/api/getMedDRALLT/cefalea'),
  'GET /api/getProductsHomeByCountry/:country': plainGet('/api/getProductsHomeByCountry/UY'),
  'POST /api/postreporthome': { object: 'none', read: false, call: () => ({ url: '/api/postreporthome', payload: patientReport(product) }) },
  'POST /api/postreporthomeusuario': { object: 'none', read: false, call: () => ({ url: '/api/postreporthomeusuario', payload: patientReport(product) }) },

  // Reference data (no case).
  'GET /api/getCodiguerasAll': plainGet('/api/getCodiguerasAll'),
  'GET /api/getCodiguerasBasic': plainGet('/api/getCodiguerasBasic'),
  'GET /api/getCountries': plainGet('/api/getCountries'),
  'GET /api/getSubGroups': plainGet('/api/getSubGroups'),
  'GET /api/getERNew': plainGet('/api/getERNew'),
  'GET /api/getRAMNew': plainGet('/api/getRAMNew'),
  'GET /api/getFilters': plainGet('/api/getFilters'),
  'GET /api/getLinesByLaboratory/:id': { object: 'none', read: true, call: () => ({ url: `/api/getLinesByLaboratory/${product.laboratoryId}` }) },
  'GET /api/getPrincipioActivoByFamilia/:id': plainGet('/api/getPrincipioActivoByFamilia/1'),
  'GET /api/getPrincipioActivoByCountry/:id': plainGet('/api/getPrincipioActivoByCountry/1'),
  'GET /api/getPrincipioActivoByMR/:id': caseGet((w) => `getPrincipioActivoByMR/${w.medicationId}`),
  'GET /api/getProductFiltersByLabId/:id': { object: 'none', read: true, call: () => ({ url: `/api/getProductFiltersByLabId/${product.laboratoryId}` }) },
  'GET /api/getlaboraotriesByCountry/:id': plainGet('/api/getlaboraotriesByCountry/1'),
  'GET /api/getlaboraotriesByProductsCountry/:a/:b': { object: 'none', read: true, call: () => ({ url: `/api/getlaboraotriesByProductsCountry/${product.id}/1` }) },
  'GET /api/getProductsCountryByMeta/:meta': caseGet((w) => `getProductsCountryByMeta/${w.meta}`),

  // Lists: no object in the path; every answer is checked for the data of the cases out of reach.
  'GET /api/getWorkFlow/:page/:size/:orderBy/:statusId/:idEr/:from/:to/:categoryId/:subGroupId': {
    ...caseGet((w) => `getWorkFlow/1/15/${encodeURIComponent('FechaSolicitud DESC')}/null/${encodeURIComponent(w.reference)}/null/null/null/null`),
    outOfReach: 'filtered',
  },
  // The search and its export: a list filtered down to the object (the export's xlsx is compressed, so its leak check is export.test.ts's).
  'POST /api/getERByFilters': { ...casePost('getERByFilters', (w) => ({ IdEvento: w.reference }), true), outOfReach: 'filtered' },
  'POST /api/exportERByFilters': { ...casePost('exportERByFilters', (w) => ({ IdEvento: w.reference }), true), outOfReach: 'filtered' },
  'GET /api/getWorkFlowInvert/:page/:size/:orderBy': plainGet(`/api/getWorkFlowInvert/1/15/${encodeURIComponent('FechaSolicitud DESC')}`),
  'GET /api/getWFReportHome/:page/:size/:orderBy': plainGet(`/api/getWFReportHome/1/15/${encodeURIComponent('FechaCreacion DESC')}`),
  'GET /api/getReportHome/:page/:size/:orderBy/:id/:isMedic/:status/:country/:from/:to': {
    object: 'report',
    read: true,
    outOfReach: 'filtered',
    call: (w) => ({ url: `/api/getReportHome/1/15/${encodeURIComponent('FechaCreacion DESC')}/${encodeURIComponent(asReport(w).homeReportReference)}/null/null/null/null/null` }),
  },

  // Incoming reports.
  'GET /api/getEventoDeHomeById/:id': { object: 'report', read: true, call: (w) => ({ url: `/api/getEventoDeHomeById/${asReport(w).homeReportId}` }) },
  'GET /api/getEventoDeHomeByReference/:reference': { object: 'report', read: true, call: (w) => ({ url: `/api/getEventoDeHomeByReference/${asReport(w).homeReportReference}` }) },
  'POST /api/updatestatiserfromerhome': { object: 'report', read: false, call: (w) => ({ url: '/api/updatestatiserfromerhome', payload: { homeERId: asReport(w).homeReportId, newStatus: 2 } }) },
  'POST /api/createerfromerhome': { object: 'report', read: false, call: (w) => ({ url: '/api/createerfromerhome', payload: { homeERId: asReport(w).homeReportId } }) },

  // Creating a case: the object is the country; an RLF may not create one in another country (403, not an object to hide).
  'POST /api/createER': { object: 'country', read: false, outOfReach: 403, call: (w) => ({ url: '/api/createER', payload: { Country: w.countryCode, SubGrupoId: 1 } }) },

  // Case reads.
  'GET /api/getERByMeta/:meta': caseGet((w) => `getERByMeta/${w.meta}`),
  'GET /api/getERViewByMeta/:meta': caseGet((w) => `getERViewByMeta/${w.meta}`),
  'GET /api/getPacienteByERMeta/:meta': caseGet((w) => `getPacienteByERMeta/${w.meta}`),
  'GET /api/MedicamentoAnteriorByMeta/:meta': caseGet((w) => `MedicamentoAnteriorByMeta/${w.meta}`),
  'GET /api/getActionsERByMeta/:meta': caseGet((w) => `getActionsERByMeta/${w.meta}`),
  'GET /api/getApprovedFabricByMeta/:meta': caseGet((w) => `getApprovedFabricByMeta/${w.meta}`),
  'GET /api/getContactoMedicoByMeta/:meta': caseGet((w) => `getContactoMedicoByMeta/${w.meta}`),
  'GET /api/getDocsAndNotesByMeta/:meta': caseGet((w) => `getDocsAndNotesByMeta/${w.meta}`),
  'GET /api/getERCommentsByMeta/:meta': caseGet((w) => `getERCommentsByMeta/${w.meta}`),
  'GET /api/getERFollowUpByMeta/:meta': caseGet((w) => `getERFollowUpByMeta/${w.meta}`),
  'GET /api/getERWhoReportByMeta/:meta': caseGet((w) => `getERWhoReportByMeta/${w.meta}`),
  'GET /api/getEventoDeHomeByMeta/:meta': caseGet((w) => `getEventoDeHomeByMeta/${w.meta}`),
  'GET /api/getImputEvaluationByMeta/:meta': caseGet((w) => `getImputEvaluationByMeta/${w.meta}`),
  'GET /api/getWhoUmcByMeta/:meta': caseGet((w) => `getWhoUmcByMeta/${w.meta}`),
  'GET /api/getOriginReportByMeta/:meta': caseGet((w) => `getOriginReportByMeta/${w.meta}`),
  'GET /api/getProductsRelationsByMeta/:meta': caseGet((w) => `getProductsRelationsByMeta/${w.meta}`),
  'GET /api/getProductsRelationsShortByMeta/:meta': caseGet((w) => `getProductsRelationsShortByMeta/${w.meta}`),
  'GET /api/getRAMByMeta/:meta': caseGet((w) => `getRAMByMeta/${w.meta}`),
  'GET /api/getRAMRAMCategoryByRAMId/:id': caseGet((w) => `getRAMRAMCategoryByRAMId/${w.ramId}`),
  'GET /api/getFollowUpEventsByReference/:reference': caseGet((w) => `getFollowUpEventsByReference/${encodeURIComponent(w.reference)}`),
  'GET /api/Seguimiento/:id': caseGet((w) => `Seguimiento/${w.followUpId}`),
  'GET /api/listERPDF/:id': caseGet((w) => `listERPDF/${w.meta}`),
  'GET /api/getERPDF/:id': { ...caseGet((w) => `getERPDF/${w.meta}`), inReachMay: { status: 400, because: 'a draft (Pendiente) has no PDF' } },
  'POST /api/exportE2B/:id': { object: 'case', read: false, call: (w) => ({ url: `/api/exportE2B/${asCase(w).meta}`, payload: { Receptor: 'EVHUMAN' } }) },
  'POST /api/exportE2BBatch': { object: 'case', read: false, call: (w) => ({ url: '/api/exportE2BBatch', payload: { Receptor: 'EVHUMAN', Casos: [asCase(w).meta] } }) },
  'GET /api/getE2BBatch/:batch': caseGet((w) => `getE2BBatch/B-${w.caseId}`),
  'GET /api/listE2B/:id': caseGet((w) => `listE2B/${w.meta}`),
  'GET /api/getE2B/:id/:submissionId': caseGet((w) => `getE2B/${w.meta}/${submissionOf.get(w.caseId) ?? 0}`),
  'POST /api/markE2BSent/:id/:submissionId': { object: 'case', read: false, call: (w) => ({ url: `/api/markE2BSent/${asCase(w).meta}/${submissionOf.get(asCase(w).caseId) ?? 0}` }) },
  'POST /api/uploadE2BAck/:id': { object: 'case', read: false, call: (w) => ({ url: `/api/uploadE2BAck/${asCase(w).meta}`, payload: '<MCCI_IN200101UV01/>', headers: { 'content-type': 'application/xml' } }) },
  'GET /api/getERCIOMS/:id': { ...caseGet((w) => `getERCIOMS/${w.meta}`), inReachMay: { status: 400, because: 'a draft (Pendiente) has no CIOMS form' } },
  'GET /api/getERPDF/:erId/:fileName': caseGet((w) => `getERPDF/${w.meta}/${w.pdfFileName}`),
  'GET /api/getERPDF/:erId/:fileName/': caseGet((w) => `getERPDF/${w.meta}/${w.pdfFileName}/`),
  'POST /api/getERHistoryByMeta': casePost('getERHistoryByMeta', (w) => ({ meta: w.meta }), true),
  'POST /api/getERHistoryByEvent': casePost('getERHistoryByEvent', (w) => ({ meta: w.meta }), true),

  // File downloads: the bytes carry the marker.
  'GET /api/downloadDocAndNotesById/:id': caseGet((w) => `downloadDocAndNotesById/${w.documentId}`),
  'GET /api/downloadFileContactoMedicoById/:id': caseGet((w) => `downloadFileContactoMedicoById/${w.medicalContactId}`),
  'GET /api/downloadFileLocalSanitaryNotificactionById/:ramId': caseGet((w) => `downloadFileLocalSanitaryNotificactionById/${w.ramId}`),
  'GET /api/downloadFileProviderNotificationById/:ramId': caseGet((w) => `downloadFileProviderNotificationById/${w.ramId}`),
  'GET /api/downloadFileRecProductById/:medicationId': caseGet((w) => `downloadFileRecProductById/${w.medicationId}`),
  'GET /api/downloadFollowUpById/:id': caseGet((w) => `downloadFollowUpById/${w.followUpId}`),
  'GET /api/downloadOriginReportById/:meta': caseGet((w) => `downloadOriginReportById/${w.meta}`),

  // Case writes: the wizard.
  'POST /api/updateER': casePost('updateER', (w) => ({ Meta: w.meta, AdditionalInformation: 'Cambio de la matriz' })),
  'POST /api/setPaciente': casePost('setPaciente', (w) => ({ ...validPatient(), IdER: w.meta })),
  'POST /api/setMedicamentoAnterior': casePost('setMedicamentoAnterior', (w) => ({ EvRepId: w.meta, Medications: [{ Medicamento: 'Enalapril', Tipo: 1, FechaIni: null, FechaFin: null }] })),
  'POST /api/deleteMedicamentoAnterior': casePost('deleteMedicamentoAnterior', (w) => ({ EvRepId: w.meta, Id: previousMedicationOf.get(w.caseId) ?? 0 })),
  'POST /api/insertOriginReport': casePost('insertOriginReport', (w) => ({ IdER: w.meta, ...ORIGIN })),
  'POST /api/updateOriginReport': casePost('updateOriginReport', (w) => ({ IdER: w.meta, ...ORIGIN })),
  'POST /api/insertContactoMedico': casePost('insertContactoMedico', (w) => ({ ErId: w.meta, SeContacto: true, NombreMedico: 'Dr. Matriz' })),
  'POST /api/updateContactoMedico': casePost('updateContactoMedico', (w) => ({ ErId: w.meta, Id: w.medicalContactId, SeContacto: true, NombreMedico: 'Dr. Matriz' })),
  'POST /api/insertMedicamentoRelacionado': casePost('insertMedicamentoRelacionado', (w) => ({ ...medicationForm(product), IdER: w.meta })),
  'POST /api/updateMedicamentoRelacionado': casePost('updateMedicamentoRelacionado', (w) => ({ ...medicationForm(product), Id: w.medicationId, IdER: w.meta })),
  'POST /api/deleteMedicamentoRelacionado': casePost('deleteMedicamentoRelacionado', (w) => ({ Id: w.medicationId, IdER: w.meta })),
  'POST /api/insertRAM': casePost('insertRAM', (w) => ({ ram: { ...ramForm(llt), IdER: w.meta } })),
  'POST /api/insertER': casePost('insertER', (w) => ({ Event: { Meta: w.meta }, comentario: null })),
  'POST /api/insertES': casePost('insertES', (w) => ({
    ev: { Meta: w.meta },
    comentario: 'Seguimiento de la matriz',
    patient: validPatient({ Initials: 'JPG', Genere: 'M', Pregnancy: null, Gestation: null, Lactation: null }),
    origin: ORIGIN,
    medicamentos: [medicationForm(product)],
    rams: [ramForm(llt)],
  })),

  // Case writes: assessment, workflow, documents and files.
  'POST /api/updateRAM': casePost('updateRAM', (w) => ({ ram: { Id: w.ramId, IdER: w.meta, IsRAM: true, TypeRAM: 2, CategoryRAM: [], IsExpected: false }, comentario: null })),
  'POST /api/updateMedicamentoRecuperado': casePost('updateMedicamentoRecuperado', (w) => ({ Id: w.medicationId, IdER: w.meta, HaveProduct: true, ContactName: 'Farmacia de la matriz' })),
  'POST /api/setImputEvaluation': casePost('setImputEvaluation', (w) => ({ er: w.meta, encuesta: survey(), comentario: null })),
  'POST /api/setWhoUmc': casePost('setWhoUmc', (w) => ({ er: w.meta, RamId: w.ramId, MedicamentoId: w.medicationId, Respuestas: { suficiente: false, datosAdicionales: true } })),
  'POST /api/sendAccion': casePost('sendAccion', (w) => ({ Event: { Accion: 'AprobarRLF', Event: w.meta, Comments: 'Revisado por la matriz' } })),
  'POST /api/anularER': casePost('anularER', (w) => ({ Meta: w.meta, Comentario: 'Anulado por la matriz' })),
  'POST /api/delER': casePost('delER', (w, caller) => ({ Event: w.meta, Signature: signature(caller) })),
  'POST /api/deleteDocAndNotes': casePost('deleteDocAndNotes', (w, caller) => ({ id: w.documentId, comentario: 'Borrado por la matriz', Signature: signature(caller) })),
  'POST /api/uploadDocAndNotes': caseUpload('uploadDocAndNotes', (w) => ({ action: 'insertPostCreated', idEr: w.meta, note: 'Nota de la matriz', fileName: 'matriz', extension: 'pdf' })),
  'POST /api/uploadFileOriginReport': caseUpload('uploadFileOriginReport', (w) => ({ Id: w.meta, Extension: 'pdf', FileName: 'matriz' })),
  'POST /api/uploadFileContactoMedico': caseUpload('uploadFileContactoMedico', (w) => ({ Id: w.medicalContactId, ExtensionArchivo: 'pdf', NombreArchivo: 'matriz' })),
  'POST /api/uploadFileLocalSanitaryNotificaction': caseUpload('uploadFileLocalSanitaryNotificaction', (w) => ({ Id: w.ramId, Extension: 'pdf', FileName: 'matriz' })),
  'POST /api/uploadFileProviderNotification': caseUpload('uploadFileProviderNotification', (w) => ({ Id: w.ramId, Extension: 'pdf', FileName: 'matriz' })),
  'POST /api/uploadFileRecProduct': caseUpload('uploadFileRecProduct', (w) => ({ Id: w.medicationId, Extension: 'pdf', FileName: 'matriz' })),

  // Users administration (ADMIN, QPPV) and Mí usuario (every role, its own details): docs/roles.md 'Users administration'.
  'GET /api/getUserDetails/:id': { object: 'none', read: true, call: () => ({ url: `/api/getUserDetails/${administered.target.id}` }) },
  'POST /api/getUsersByFilters': { object: 'none', read: true, call: () => ({ url: '/api/getUsersByFilters', payload: { name: 'Prueba' } }) },
  'GET /api/getUserFilters': plainGet('/api/getUserFilters'),
  'GET /api/getCompaniesByCountry/:country': plainGet('/api/getCompaniesByCountry/UY'),
  'GET /api/getLaboratoriesByCompany/:companyId/:userId': { object: 'none', read: true, call: () => ({ url: `/api/getLaboratoriesByCompany/${administered.companyId}/${administered.target.id}` }) },
  'POST /api/createUserDetails': { object: 'none', read: false, call: () => ({ url: '/api/createUserDetails', payload: userDetails({ Email: `matriz-${randomUUID()}@test.atalaya`, UserType: 'CL' }) }) },
  // An administrator updates a fresh user; any other role its own details (the only update it may make).
  'POST /api/updateUserDetails': {
    object: 'none',
    read: false,
    call: async (_world, caller) => {
      if (caller.role && caller.role !== 'ADMIN' && caller.role !== 'QPPV' && caller.userId && caller.email) {
        return { url: '/api/updateUserDetails', payload: userDetails({ UserID: caller.userId, Email: caller.email, UserType: caller.role, LastName: caller.role }) };
      }
      const target = administeredUser();
      return { url: '/api/updateUserDetails', payload: userDetails({ UserID: target.id, Email: target.email, UserType: 'CL', FirstName: 'Cambiado' }) };
    },
  },
  'POST /api/setLaboratoryUser': { object: 'none', read: false, call: () => ({ url: '/api/setLaboratoryUser', payload: { userId: administeredUser().id, country: 'AR' } }) },
  'POST /api/deleteLaboratoryUser': {
    object: 'none',
    read: false,
    call: async () => {
      const target = administeredUser();
      const [grant] = await t.database.db.select({ id: userLaboratories.id }).from(userLaboratories).where(eq(userLaboratories.userId, target.id));
      return { url: '/api/deleteLaboratoryUser', payload: { userId: target.id, grantId: grant?.id ?? 0 } };
    },
  },
  // Metrics (ADMIN, QPPV; no object). The writes set metric 6 to its seeded values: nothing changes on the shared database.
  'GET /api/getAllMetricsTime': plainGet('/api/getAllMetricsTime'),
  'GET /api/getTimeOptions': plainGet('/api/getTimeOptions'),
  'POST /api/updateMetricTime': { object: 'none', read: false, call: () => ({ url: '/api/updateMetricTime', payload: { id: 6, tiempo: 5 } }) },
  'POST /api/activeMetric': { object: 'none', read: false, call: () => ({ url: '/api/activeMetric', payload: { MetricaId: 6, Activo: true } }) },
  // Duplicates (RLF, QPPV; docs/duplicates.md). The matrix has one case a world: the decision names it on both sides, which reach
  // lets through and the pair rule then refuses (400); the decisions themselves are duplicates.test.ts's.
  'GET /api/getDuplicateCandidatesByMeta/:meta': caseGet((w) => `getDuplicateCandidatesByMeta/${w.meta}`),
  'GET /api/getDuplicateCandidatesByHomeReport/:id': { object: 'report', read: true, call: (w) => ({ url: `/api/getDuplicateCandidatesByHomeReport/${asReport(w).homeReportId}` }) },
  'POST /api/setDuplicateDecision': {
    ...casePost('setDuplicateDecision', (w) => ({ Meta: w.meta, OtroMeta: w.meta, Decision: 'not-duplicate', Comentario: 'Decisión de la matriz' })),
    inReachMay: { status: 400, because: 'a case is not a duplicate of itself (the matrix has one case a world)' },
  },
  'GET /api/getDuplicatePairs': plainGet('/api/getDuplicatePairs'),
  // The whole-registry scan (QPPV; an import-runner job, no object): one at a time, so an allowed caller after another finds it pending.
  'GET /api/getDuplicateScan': plainGet('/api/getDuplicateScan'),
  'POST /api/startDuplicateScan': {
    object: 'none',
    read: false,
    call: () => ({ url: '/api/startDuplicateScan' }),
    inReachMay: { status: 409, because: 'one scan at a time: the scan an earlier allowed caller queued is still pending' },
  },
  // No-KPI (ADMIN, QPPV, RLF; the cases in reach, no object of its own).
  'POST /api/getNoKpiMetrics': { object: 'none', read: true, call: () => ({ url: '/api/getNoKpiMetrics', payload: { pais: null } }) },
  'GET /api/getEventsNoKpi': plainGet('/api/getEventsNoKpi?pais=UY'),
  'GET /api/getNoKpiCountries': plainGet('/api/getNoKpiCountries'),
  // Parameters (reference lists): no object; an allowed call adds, renames or toggles a row of the matrix's own (PaisOrigen: no test lists it exactly).
  'POST /api/createElementCodiguera': {
    object: 'none',
    read: false,
    call: () => ({ url: '/api/createElementCodiguera', payload: { Table: 'PaisOrigen', Keys: ['Nombre'], Values: [`País de la matriz ${randomUUID()}`] } }),
  },
  'POST /api/updateElementCodiguera': {
    object: 'none',
    read: false,
    call: async () => ({ url: '/api/updateElementCodiguera', payload: { Table: 'PaisOrigen', Id: await matrixOriginCountry(), Keys: ['Nombre'], Values: [`País renombrado ${randomUUID()}`] } }),
  },
  'POST /api/deleteElementCodiguera': {
    object: 'none',
    read: false,
    call: async () => ({ url: '/api/deleteElementCodiguera', payload: { Table: 'PaisOrigen', elem: { Id: await matrixOriginCountry() } } }),
  },
  // Indicators (ADMIN, QPPV, RLF, CL; no object: the answers are counts within the caller's reach, docs/indicators.md).
  'GET /api/filtercountryindicators': plainGet('/api/filtercountryindicators'),
  'GET /api/filterlabindicators': plainGet('/api/filterlabindicators?pais=UY'),
  'GET /api/getIndicatorsValuesPanel': plainGet('/api/getIndicatorsValuesPanel'),
  'GET /api/getIndicatorsEventsStatus': plainGet('/api/getIndicatorsEventsStatus'),
  'GET /api/getIndicatorsEventsAges': plainGet('/api/getIndicatorsEventsAges'),
  'GET /api/getIndicatorsEventsTypeGroup': plainGet('/api/getIndicatorsEventsTypeGroup'),
  'GET /api/signals': plainGet('/api/signals'),
  'GET /api/signals/export': plainGet('/api/signals/export?formato=csv'),
  'GET /api/signals/ic-history': {
    ...plainGet('/api/signals/ic-history?principio=1&pt=10031127'),
    inReachMay: { status: 400, because: "the matrix's database holds no MedDRA dictionary, so the pair's PT is unknown (the history itself is signals/screen.test.ts's)" },
  },
  'GET /api/signals/options': plainGet('/api/signals/options'),
  // Registro de señales (QPPV, CL; no object: the register is the whole database's). The matrix's signal has a document;
  // an allowed opening without statistics is 400, an upload that is not multipart 415, a second status change 409.
  'GET /api/signal-register': plainGet('/api/signal-register'),
  'GET /api/signal-register/responsibles': plainGet('/api/signal-register/responsibles'),
  'POST /api/signal-register': { object: 'none', read: false, call: () => ({ url: '/api/signal-register', payload: { TipoFarmaco: 'principio', FarmacoId: 1, PtCodigo: 1, Titulo: 'Matriz' } }) },
  'GET /api/signal-register/:id': { object: 'none', read: true, call: async () => ({ url: `/api/signal-register/${(await matrixSignal()).id}` }) },
  'GET /api/signal-register/:id/documents/:entryId': {
    object: 'none',
    read: true,
    call: async () => {
      const signal = await matrixSignal();
      return { url: `/api/signal-register/${signal.id}/documents/${signal.entryId}` };
    },
  },
  'POST /api/signal-register/:id/status': { object: 'none', read: false, call: async () => ({ url: `/api/signal-register/${(await matrixSignal()).id}/status`, payload: { Estado: 'Validada', Comentario: 'Matriz' } }) },
  'POST /api/signal-register/:id/notes': { object: 'none', read: false, call: async () => ({ url: `/api/signal-register/${(await matrixSignal()).id}/notes`, payload: { Tipo: 'comentario', Texto: 'Matriz' } }) },
  'POST /api/signal-register/:id/responsible': {
    object: 'none',
    read: false,
    call: async (_world, caller) => ({ url: `/api/signal-register/${(await matrixSignal()).id}/responsible`, payload: { ResponsableId: caller.userId ?? randomUUID() } }),
  },
  'POST /api/signal-register/:id/documents': { object: 'none', read: false, call: async () => ({ url: `/api/signal-register/${(await matrixSignal()).id}/documents`, payload: {} }) },
  // Settings ('Configuración', ADMIN only): an allowed update sends no value, so the shared database's settings stay as they are.
  'GET /api/settingGetAll': plainGet('/api/settingGetAll'),
  'POST /api/settingUpdate': { object: 'none', read: false, call: () => ({ url: '/api/settingUpdate', payload: { values: [] } }) },
  'POST /api/settingTestMail': { object: 'none', read: false, call: () => ({ url: '/api/settingTestMail', payload: { To: 'matriz@test.atalaya' } }) },
  // E2B receivers of Configuración: listed to ADMIN, QPPV and RLF; changed by the ADMIN, on a receiver of the matrix's own.
  'GET /api/e2bReceiverList': plainGet('/api/e2bReceiverList'),
  'POST /api/e2bReceiverSave': { object: 'none', read: false, call: () => ({ url: '/api/e2bReceiverSave', payload: { Codigo: `MATRIZ_${randomUUID().slice(0, 8)}`, Nombre: 'Receptor de la matriz' } }) },
  'POST /api/e2bReceiverDelete/:receiverId': { object: 'none', read: false, call: async () => ({ url: `/api/e2bReceiverDelete/${await matrixReceiver()}` }) },
  // Audit trail (no object: its Evento Reportable panel is getERHistoryByMeta, whose reach is tested with the cases).
  'POST /api/getAuditUsers': { object: 'none', read: true, call: () => ({ url: '/api/getAuditUsers', payload: { name: 'Prueba' } }) },
  'POST /api/getAuditConfig': { object: 'none', read: true, call: () => ({ url: '/api/getAuditConfig', payload: {} }) },
  'POST /api/getAuditParameters': { object: 'none', read: true, call: () => ({ url: '/api/getAuditParameters', payload: { tabla: 'PaisOrigen' } }) },
  'POST /api/getAuditSignals': { object: 'none', read: true, call: () => ({ url: '/api/getAuditSignals', payload: {} }) },
  ...Object.fromEntries(
    (['Usuarios', 'Configuracion', 'Parametros', 'Senales'] as const).map((panel): [string, Recipe] => {
      const call = { Usuarios: 'getAuditUsersDetails', Configuracion: 'getAuditConfigDetails', Parametros: 'getAuditParametersDetails', Senales: 'getAuditSignalsDetails' }[panel];
      return [`POST /api/${call}`, { object: 'none', read: true, call: () => ({ url: `/api/${call}`, payload: { Id: auditRowIds[panel] } }) }];
    }),
  ),
  'POST /api/downloadAuditFile': { object: 'none', read: false, call: () => ({ url: '/api/downloadAuditFile', payload: { panel: 'Configuracion', from: '2001-01-01', to: '2001-01-01' } }) },
  // Imports (no object; ADMIN only). An allowed upload queues an import (no runner here); a second one of its kind would be 409.
  'POST /api/uploadmeddra': { object: 'none', read: false, call: () => importUpload('/api/uploadmeddra', { name: 'matriz.zip', content: zipArchive([{ name: 'llt.asc', content: 'x' }]) }) },
  'POST /api/uploaddata': { object: 'none', read: false, call: () => importUpload('/api/uploaddata', { name: 'matriz.csv', content: 'Codigo;Nombre' }) },
  'GET /api/getmeddraimport': plainGet('/api/getmeddraimport'),
  'GET /api/getdataimport': plainGet('/api/getdataimport'),
  'GET /api/getmeddraimportcode/:code': { object: 'none', read: true, call: async () => ({ url: `/api/getmeddraimportcode/${await matrixImport('meddra')}` }) },
  'GET /api/getdataimportcode/:code': { object: 'none', read: true, call: async () => ({ url: `/api/getdataimportcode/${await matrixImport('data')}` }) },
  'GET /api/getimporterrors/:code': { object: 'none', read: true, call: async () => ({ url: `/api/getimporterrors/${await matrixImport('data')}` }) },
  // A finished import: an allowed cancel answers 409 (nothing to cancel), a refused one 401/403 as every route.
  'POST /api/cancelimport/:code': { object: 'none', read: false, call: async () => ({ url: `/api/cancelimport/${await matrixImport('meddra')}` }) },
  // Imports (ADMIN; no object): the product catalogue's template.
  'GET /api/getdataimporttemplate': plainGet('/api/getdataimporttemplate?format=csv&sheet=Productos'),
  // E2B imports (ADMIN, QPPV, RLF; no object): an upload queues one (no runner here; a second is 409); the reads name an
  // import of the caller's own (an RLF sees only its own), already confirmed: a confirmation is then 409, the ACK 200.
  'POST /api/uploade2b': { object: 'none', read: false, call: () => importUpload('/api/uploade2b', { name: 'matriz.xml', content: '<a/>' }) },
  'GET /api/gete2bimport': plainGet('/api/gete2bimport'),
  'GET /api/gete2bimportcode/:code': { object: 'none', read: true, call: async (_world, caller) => ({ url: `/api/gete2bimportcode/${await matrixE2bImport(caller)}` }) },
  'GET /api/gete2bimportreports/:code': { object: 'none', read: true, call: async (_world, caller) => ({ url: `/api/gete2bimportreports/${await matrixE2bImport(caller)}` }) },
  'GET /api/gete2back/:code': { object: 'none', read: true, call: async (_world, caller) => ({ url: `/api/gete2back/${await matrixE2bImport(caller)}` }) },
  'POST /api/confirme2bimport/:code': {
    object: 'none',
    read: false,
    call: async (_world, caller) => ({ url: `/api/confirme2bimport/${await matrixE2bImport(caller)}`, payload: { mode: 'inbox', country: 'UY', product: product.id } }),
  },
};

/** A confirmed E2B import of the caller's own (the ADMIN's for a caller without a user), made once per caller. */
const matrixE2bImports = new Map<string, Promise<string>>();
function matrixE2bImport(caller: Caller): Promise<string> {
  // Callers of other roles (refused anyway) name the ADMIN's: the imports are all made in the set-up, never by a probe.
  const own = caller.role === 'ADMIN' || caller.role === 'QPPV' || caller.role === 'RLF';
  const userId = (own ? caller.userId : null) ?? callers.get('ADMIN')?.userId ?? '';
  const made =
    matrixE2bImports.get(userId) ??
    (async () => {
      const code = `E2B-1997-${randomUUID().replace(/\D/g, '').padEnd(6, '7').slice(0, 6)}`;
      const [row] = await t.database.db.insert(imports).values({ codeImport: code, kind: 'e2b', userId, status: 'S', percentage: 100, dateEnd: new Date() }).returning({ id: imports.id });
      await t.database.db.insert(e2bImports).values({
        importId: row?.id ?? '',
        batch: { batchNumber: 'MATRIZ', senderId: 'MATRIZ', receiverId: 'ATALAYA', transmissionDate: '20260101' },
        headerUnmapped: [],
        schemaChecked: false,
        mode: 'inbox',
        confirmedAt: new Date(),
        ackXml: '<MCCI_IN200101UV01/>',
        ackCode: 'AA',
      });
      return code;
    })();
  matrixE2bImports.set(userId, made);
  return made;
}

async function importUpload(url: string, file: { name: string; content: Uint8Array | string }): Promise<Call> {
  const body = await multipartBody({ FileName: file.name }, [file]);
  return { url, payload: body.payload, headers: body.headers };
}

/** A finished import of each kind of the matrix's own, made in the set-up (the import reads and the cancel name it). */
const matrixImports = new Map<'meddra' | 'data', Promise<string>>();
function matrixImport(kind: 'meddra' | 'data'): Promise<string> {
  const made =
    matrixImports.get(kind) ??
    (async () => {
      const code = `${kind === 'meddra' ? 'MED' : 'DAT'}-1997-${randomUUID().replace(/\D/g, '').padEnd(6, '7').slice(0, 6)}`;
      const userId = callers.get('ADMIN')?.userId ?? '';
      await t.database.db.insert(imports).values({ codeImport: code, kind, userId, status: 'S', percentage: 100, dateEnd: new Date() });
      return code;
    })();
  matrixImports.set(kind, made);
  return made;
}

/** A row of each audit_log panel, written before the matrix runs (the detail recipes read them). */
const auditRowIds = { Usuarios: 0, Configuracion: 0, Parametros: 0, Senales: 0 };

/** The users the users-administration recipes work on: a CL with the product's laboratory, and its company. */
const administered = { target: null as unknown as TestUser, companyId: 0, specialityId: 0, pool: [] as TestUser[] };

/**
 * A fresh CL (with a country grant) for each write, made before the matrix runs so that it is in
 * the fingerprint scope from the start: a refused call is seen to write nothing on it.
 */
function administeredUser(): TestUser {
  const user = administered.pool.pop();
  if (!user) throw new Error('the pool of administered users is empty: make it larger');
  return user;
}

function userDetails(overrides: Record<string, unknown>) {
  return { FirstName: 'Prueba', LastName: 'Matriz', Country: 'UY', Speciality: { Id: administered.specialityId }, ...overrides };
}

/** A PaisOrigen row of the matrix's own (the parameter calls rename and toggle it). */
async function matrixReceiver(): Promise<number> {
  const [row] = await t.database.db.insert(e2bReceivers).values({ code: `MATRIZ_${randomUUID().slice(0, 8)}`, name: 'Receptor de la matriz' }).returning();
  return row?.id ?? 0;
}

/** A signal of the matrix's own (an unknown pair, 'En evaluación') with one document, made once. */
let matrixSignalMade: Promise<{ id: number; entryId: number }> | null = null;
function matrixSignal(): Promise<{ id: number; entryId: number }> {
  matrixSignalMade ??= (async () => {
    const db = t.database.db;
    const userId = callers.get('QPPV')?.userId ?? '';
    const [signal] = await db
      .insert(signalTable)
      .values({ drugKind: 1, drugId: 2_000_000_000, ptCode: 2_000_000_000, title: 'Señal de la matriz', status: 'En evaluación', responsibleId: userId, openedBy: userId, statistics: { A: 3, E: 1, PRR: 2, ROR: 2, IC: 1 } })
      .returning({ id: signalTable.id });
    const [file] = await db.insert(fileTable).values({ name: 'matriz.pdf', extension: 'pdf', mimeType: 'application/pdf', size: SAMPLE_PDF.length, sha256: '0', content: SAMPLE_PDF, createdBy: userId }).returning({ id: fileTable.id });
    const [entry] = await db.insert(signalHistory).values({ signalId: signal?.id ?? 0, kind: 'documento', text: 'Matriz', fileId: file?.id ?? null, userId }).returning({ id: signalHistory.id });
    return { id: signal?.id ?? 0, entryId: entry?.id ?? 0 };
  })();
  return matrixSignalMade;
}

async function matrixOriginCountry(): Promise<number> {
  const [row] = await t.database.db.insert(originCountries).values({ value: `MATRIZ-${randomUUID()}`, nombre: `País de la matriz ${randomUUID()}` }).returning();
  return row?.id ?? 0;
}

/** The recipe of a route; a HEAD route (Fastify adds one to each GET) is called like its GET. */
function recipeOf(entry: RouteAccessEntry): Recipe | undefined {
  return RECIPES[`${entry.method === 'HEAD' ? 'GET' : entry.method} ${entry.url}`];
}

function worldsFor(recipe: Recipe): World[] {
  if (recipe.object === 'none') return [NO_OBJECT];
  return worlds.filter((world) => world.kind === recipe.object);
}

// ---- Calling and checking ------------------------------------------------------------------

interface Probe {
  entry: RouteAccessEntry;
  caller: Caller;
  world: World;
  call: Call;
  response: LightMyRequestResponse;
}

async function probe(entry: RouteAccessEntry, caller: Caller, world: World): Promise<Probe> {
  const recipe = recipeOf(entry);
  if (!recipe) throw new Error(`No recipe for ${entry.method} ${entry.url}`);
  const call = await recipe.call(world, caller);
  const response = await t.app.inject({
    method: entry.method as InjectOptions['method'],
    url: call.url,
    remoteAddress: randomIp(),
    headers: { ...caller.headers, ...call.headers },
    ...(call.payload === undefined ? {} : { payload: call.payload }),
  });
  return { entry, caller, world, call, response };
}

function describeProbe(p: Probe): string {
  return `${p.entry.method} ${p.call.url} as ${p.caller.kind} on ${p.world.name}: ${p.response.statusCode} ${p.response.body.slice(0, 160)}`;
}

/** The data of worlds the caller does not reach that an answer carries. */
function leaks(p: Probe, unreached: readonly World[]): string | null {
  const found = leakedSecrets(p.response, unreached, p.call);
  return found.length ? `${describeProbe(p)} — carries ${found.join(', ')}` : null;
}

function refusalTargets(recipe: Recipe): World[] {
  const candidates = worldsFor(recipe);
  const inReach = candidates.find((world) => world.reachedBy.length > 0);
  const outOfReach = candidates.find((world) => world.reachedBy.length === 0) ?? candidates.find((world) => world !== inReach);
  return [...new Set([inReach ?? candidates[0], outOfReach].filter((world): world is World => world !== undefined))];
}

const anonymousStatus = new Map<string, number>();

/**
 * Why an allowed caller's answer is a refusal (null when it is not): 401, 403 or 404 (or a
 * server error) refuse; a read must answer 2xx. A public route ignores the token: whatever
 * the caller, the same status as without one.
 */
async function letThrough(p: Probe, recipe: Recipe): Promise<string | null> {
  const status = p.response.statusCode;
  if (p.entry.roles === 'public') {
    const key = `${p.entry.method} ${p.call.url}`;
    let anonymous = anonymousStatus.get(key);
    if (anonymous === undefined) {
      const noToken = callers.get('no token');
      anonymous = noToken === p.caller || !noToken ? status : (await probe(p.entry, noToken, p.world)).response.statusCode;
      anonymousStatus.set(key, anonymous);
    }
    return status !== anonymous || status === 403 || status >= 500 ? `${describeProbe(p)} — without a token: ${anonymous}` : null;
  }
  if ([401, 403, 404].includes(status) || status >= 500) return describeProbe(p);
  if (recipe.read && (status < 200 || status > 299) && status !== recipe.inReachMay?.status) return `${describeProbe(p)} — a read within reach must answer 2xx`;
  return null;
}

function reaches(caller: Caller, world: World): boolean {
  return caller.role !== null && world.reachedBy.includes(caller.role);
}

function protectedRoutes(): RouteAccessEntry[] {
  return table.filter((entry) => entry.roles !== 'public');
}

function fingerprint() {
  return rowFingerprint(t.database.db, scope);
}

/**
 * Runs `check` on each route's recipe with the rows of the matrix fingerprinted around each
 * write route, and around all GET and HEAD routes at once (a read must not write either).
 */
async function withoutWrites(entries: readonly RouteAccessEntry[], failures: string[], check: (entry: RouteAccessEntry, recipe: Recipe) => Promise<void>): Promise<void> {
  const reads = entries.filter((entry) => entry.method === 'GET' || entry.method === 'HEAD');
  const batches = [reads, ...entries.filter((entry) => !reads.includes(entry)).map((entry) => [entry])];
  for (const batch of batches) {
    const before = await fingerprint();
    for (const entry of batch) {
      const recipe = recipeOf(entry);
      if (recipe) await check(entry, recipe);
    }
    const written = changed(before, await fingerprint());
    const what = batch.length === 1 ? `${batch[0]?.method} ${batch[0]?.url}` : 'the GET and HEAD routes';
    if (written.length) failures.push(`${what}: refused calls changed ${written.join(', ')}`);
  }
}

/** The fingerprint keys whose rows differ. */
function changed(before: Record<string, string>, after: Record<string, string>): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((key) => before[key] !== after[key]);
}

// ---- Set-up --------------------------------------------------------------------------------

async function signedIn(kind: Role, user: TestUser): Promise<Caller> {
  const { accessToken } = await login(t.app, user);
  return { kind, role: kind, userId: user.id, email: user.email, password: user.password, headers: bearer(accessToken) };
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  table = routeAccessTable(t.app);
  product = await createMedicationProduct(db, { countries: ['UY'] });
  const otherLaboratoryProduct = await createMedicationProduct(db, { countries: ['UY'] });
  const foreignProduct = await createMedicationProduct(db, { countries: ['AR'] });
  llt = await createLlt(db, { name: `Cefalea ${randomUUID().slice(0, 8)}` });
  for (const [panel, kind] of [['Usuarios', 'user.updated'], ['Configuracion', 'settings.changed'], ['Parametros', 'parameters.row-changed'], ['Senales', 'signal.status-changed']] as const) {
    const [row] = await db.insert(auditLog).values({ kind, instance: panel, operationType: 'U', description: `Fila de la matriz (${panel})` }).returning({ id: auditLog.id });
    auditRowIds[panel] = Number(row?.id);
  }
  const ownLaboratory = [{ laboratoryId: product.laboratoryId }];

  // The callers: each role (the laboratory roles assigned the product's laboratory only), and the tokens that count for nothing.
  const users: Record<Role, TestUser> = {
    ADMIN: await createUser(db, { role: 'ADMIN' }),
    QPPV: await createUser(db, { role: 'QPPV', laboratories: ownLaboratory }),
    RLF: await createUser(db, { role: 'RLF', country: 'UY' }),
    CL: await createUser(db, { role: 'CL', laboratories: ownLaboratory }),
    Fabricante: await createUser(db, { role: 'Fabricante', laboratories: ownLaboratory }),
  };
  for (const role of ROLES) callers.set(role, await signedIn(role, users[role]));
  for (const role of ['ADMIN', 'QPPV', 'RLF'] as const) {
    const caller = callers.get(role);
    if (caller) await matrixE2bImport(caller);
  }
  const keys = await loadAuthKeys(db, t.config);
  const qppv = { id: users.QPPV.id, role: 'QPPV' as const, country: 'UY', email: users.QPPV.email };
  const nobody = (kind: Caller['kind'], headers: Record<string, string>): Caller => ({ kind, role: null, userId: null, email: null, password: null, headers });
  callers.set('no token', nobody('no token', {}));
  callers.set('expired token', nobody('expired token', bearer(await expiredToken(qppv, keys.accessTokenKey))));
  callers.set('forged token (other key)', nobody('forged token (other key)', bearer(await tokenOfOtherKey(qppv))));
  callers.set('forged token (alg none)', nobody('forged token (alg none)', bearer(unsignedToken(qppv))));
  const deactivated = await createUser(db, { role: 'QPPV', laboratories: ownLaboratory });
  const deactivatedToken = (await login(t.app, deactivated)).accessToken;
  await db.update(userTable).set({ isActive: false }).where(eq(userTable.id, deactivated.id));
  callers.set('deactivated user', { kind: 'deactivated user', role: null, userId: deactivated.id, email: deactivated.email, password: deactivated.password, headers: bearer(deactivatedToken) });
  // A QPPV made CL after signing in: the QPPV token must count for nothing.
  const demoted = await createUser(db, { role: 'QPPV', laboratories: ownLaboratory });
  const demotedToken = (await login(t.app, demoted)).accessToken;
  await db.update(userTable).set({ roleId: ROLE_IDS.CL }).where(eq(userTable.id, demoted.id));
  callers.set('user whose role changed', { kind: 'user whose role changed', role: null, userId: demoted.id, email: demoted.email, password: demoted.password, headers: bearer(demotedToken) });
  // Made before any probe: a refused call must find no row written, so its object exists already.
  await matrixSignal();

  // The objects: cases and reports each caller reaches or not (docs/roles.md, 'Reach').
  const owner = await createUser(db, { role: 'RLF', country: 'UY' });
  const foreignOwner = await createUser(db, { role: 'RLF', country: 'AR' });
  const laboratoryRoles: Role[] = ['RLF', 'QPPV', 'CL', 'Fabricante'];
  worlds.push(
    await createCaseWorld(db, { name: 'a case of own country and laboratory', country: 'UY', product, createdBy: owner.id, reachedBy: laboratoryRoles }),
    await createCaseWorld(db, { name: 'a case of own country, another laboratory', country: 'UY', product: otherLaboratoryProduct, createdBy: owner.id, reachedBy: ['RLF'] }),
    await createCaseWorld(db, { name: 'a case of another country and laboratory', country: 'AR', product: foreignProduct, createdBy: foreignOwner.id, reachedBy: [] }),
    await createCaseWorld(db, { name: "another user's draft", country: 'UY', product, createdBy: owner.id, status: ER_STATUS.PENDIENTE, reachedBy: ['RLF'] }),
    await createCaseWorld(db, { name: 'a deleted case', country: 'UY', product, createdBy: owner.id, deleted: true, reachedBy: [] }),
    await createReportWorld(db, { name: 'a report of own country', country: 'UY', product, reachedBy: ['RLF', 'QPPV'] }),
    await createReportWorld(db, { name: 'a report of another country', country: 'AR', product: foreignProduct, reachedBy: ['QPPV'] }),
    { kind: 'country', name: 'own country', countryCode: 'UY', reachedBy: ['RLF', 'QPPV'], secrets: [] },
    { kind: 'country', name: 'another country', countryCode: 'AR', reachedBy: ['QPPV'], secrets: [] },
  );
  for (const world of worlds) await track(world);
  administered.target = await createUser(db, { role: 'CL', laboratories: ownLaboratory });
  for (let i = 0; i < 80; i += 1) administered.pool.push(await createUser(db, { role: 'CL', laboratories: [{ country: 'UY' }] }));
  scope.userIds.push(administered.target.id, ...administered.pool.map((user) => user.id));
  const [lab] = await db.select({ companyId: laboratoryTable.companyId }).from(laboratoryTable).where(eq(laboratoryTable.id, product.laboratoryId));
  administered.companyId = lab?.companyId ?? 0;
  const [speciality] = await db.select({ id: specialities.id }).from(specialities).where(eq(specialities.eliminado, false)).limit(1);
  administered.specialityId = speciality?.id ?? 0;
  scope.userIds.push(...[...callers.values()].flatMap((caller) => (caller.userId ? [caller.userId] : [])));
  // Made before any fingerprint is taken (the imports' user_id is in its scope).
  await Promise.all([matrixImport('meddra'), matrixImport('data')]);
}, 120_000);
afterAll(() => t.close());

/** Adds a world's ids to the fingerprint scope (and its previous medication's id to the recipes). */
async function track(world: World): Promise<void> {
  if (world.kind === 'case') {
    scope.caseIds.push(world.caseId);
    scope.reportIds.push(world.homeReportId);
    scope.recordIds.push(world.ramId, world.medicationId);
    const [previous] = await t.database.db.select({ id: previousMedications.id }).from(previousMedications).where(eq(previousMedications.eventId, world.caseId));
    if (previous) previousMedicationOf.set(world.caseId, previous.id);
    const [someone] = await t.database.db.select({ id: userTable.id }).from(userTable).limit(1);
    if (someone) {
      const [submission] = await t.database.db
        .insert(e2bSubmissions)
        .values({ eventId: world.caseId, receiver: 'EVHUMAN', batchNumber: `B-${world.caseId}`, messageId: `M-${world.caseId}`, worldwideCaseId: `W-${world.caseId}`, version: 1, kind: 'initial', xml: '<x/>', sha256: '0'.repeat(64), schemaChecked: false, createdBy: someone.id })
        .returning({ id: e2bSubmissions.id });
      if (submission) submissionOf.set(world.caseId, submission.id);
    }
  } else if (world.kind === 'report') {
    scope.reportIds.push(world.homeReportId);
  }
}

// ---- The matrix ----------------------------------------------------------------------------

describe('authorization matrix (generated from the route table)', () => {
  it('has a recipe for every /api/ route the server registers, and every route declares who may call it', () => {
    expect(table.length).toBeGreaterThan(90);
    const missing = table.filter((entry) => !recipeOf(entry)).map((entry) => `${entry.method} ${entry.url}`);
    expect(missing, 'routes without a recipe in authorization-matrix.test.ts').toEqual([]);
    const registered = new Set(table.map((entry) => `${entry.method === 'HEAD' ? 'GET' : entry.method} ${entry.url}`));
    const stale = Object.keys(RECIPES).filter((key) => !registered.has(key));
    expect(stale, 'recipes of routes that no longer exist').toEqual([]);
    for (const entry of table) expect(entry.roles === 'public' || entry.roles === 'authenticated' || entry.roles.length > 0).toBe(true);
  });

  it('refuses every caller a route does not let in (401 without a valid session, 403 for another role), with no data and no row written', async () => {
    const failures: string[] = [];
    let probes = 0;
    await withoutWrites(protectedRoutes(), failures, async (entry, recipe) => {
      for (const kind of CALLER_KINDS) {
        const caller = callers.get(kind);
        if (!caller || allowedBy(entry.roles, caller)) continue;
        const expected = refusalFor(caller);
        // The door refuses before any object is looked at: one object in and one out of the role's reach is enough.
        for (const world of refusalTargets(recipe)) {
          const p = await probe(entry, caller, world);
          probes += 1;
          if (p.response.statusCode !== expected.status) failures.push(`${describeProbe(p)} — expected ${expected.status}`);
          else if (entry.method !== 'HEAD' && typeof p.response.json<{ Message?: unknown }>().Message !== 'string') failures.push(`${describeProbe(p)} — no Spanish Message`);
          const leak = leaks(p, worlds);
          if (leak) failures.push(leak);
        }
      }
    });
    expect(failures).toEqual([]);
    expect(probes).toBeGreaterThan(1000);
  }, 300_000);

  it('answers an allowed caller 404 for an object out of its reach (403 where the recipe says), with no data of it and no row written', async () => {
    const failures: string[] = [];
    let probes = 0;
    // HEAD runs its GET's handler (the same answer without a body); its refusals are checked above.
    await withoutWrites(table.filter((route) => route.method !== 'HEAD'), failures, async (entry, recipe) => {
      for (const kind of CALLER_KINDS) {
        const caller = callers.get(kind);
        if (!caller || !allowedBy(entry.roles, caller)) continue;
        const unreached = worlds.filter((world) => !reaches(caller, world));
        for (const world of worldsFor(recipe)) {
          if (world === NO_OBJECT) {
            // Object-less reads (lists, catalogue, public): nothing to miss, but no data of a case out of reach, and let through.
            if (!recipe.read) continue;
            const p = await probe(entry, caller, world);
            probes += 1;
            const leak = leaks(p, unreached);
            if (leak) failures.push(leak);
            const refused = await letThrough(p, recipe);
            if (refused) failures.push(refused);
            continue;
          }
          if (reaches(caller, world)) continue;
          const p = await probe(entry, caller, world);
          probes += 1;
          const expected = recipe.outOfReach ?? 404;
          const status = p.response.statusCode;
          if (expected === 'filtered' ? status < 200 || status > 299 : status !== expected) failures.push(`${describeProbe(p)} — expected ${expected}`);
          const leak = leaks(p, unreached);
          if (leak) failures.push(leak);
        }
      }
    });
    expect(failures).toEqual([]);
    expect(probes).toBeGreaterThan(500);
  }, 300_000);

  it('lets an allowed caller reach an object in its reach (not 401, 403 nor 404), so the refusals above are not vacuous', async () => {
    const failures: string[] = [];
    let probes = 0;
    const db = t.database.db;
    for (const entry of table.filter((route) => route.method !== 'HEAD')) {
      const recipe = recipeOf(entry);
      if (!recipe) continue;
      for (const kind of CALLER_KINDS) {
        const caller = callers.get(kind);
        if (!caller || !allowedBy(entry.roles, caller)) continue;
        const role = caller.role;
        const targets: World[] = [];
        if (recipe.object === 'none') {
          // Object-less reads were let through above.
          if (!recipe.read) targets.push(NO_OBJECT);
        } else if (recipe.read) targets.push(...worldsFor(recipe).filter((world) => reaches(caller, world)));
        else if (role && recipe.object === 'case') {
          // A write gets a case of its own: the caller's draft of its own laboratory (any writer may edit its own draft).
          targets.push(await createCaseWorld(db, { name: 'own draft', country: 'UY', product, createdBy: caller.userId ?? '', status: ER_STATUS.PENDIENTE, reachedBy: [role] }));
        } else if (role && recipe.object === 'report' && ['RLF', 'QPPV'].includes(role)) {
          targets.push(await createReportWorld(db, { name: 'a new report of own country', country: 'UY', product, reachedBy: ['RLF', 'QPPV'] }));
        } else if (recipe.object === 'country') targets.push(...worldsFor(recipe).filter((world) => reaches(caller, world)));
        for (const world of targets) {
          if (world.kind === 'case' && !worlds.includes(world)) await track(world);
          const p = await probe(entry, caller, world);
          probes += 1;
          const refused = await letThrough(p, recipe);
          if (refused) failures.push(refused);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(probes).toBeGreaterThan(150);
  }, 300_000);
});
