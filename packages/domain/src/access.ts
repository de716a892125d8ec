import type { Role } from './roles.js';

/**
 * Who may do what, by name (docs/roles.md 'Permissions'): each permission and the roles that
 * hold it. A server route declares one (`config: { permission: 'case.read' }`), the web's menus
 * and buttons ask `can(user, 'case.read')`, and the menu seed names one per item, so a change of
 * who may do something is one line here. A permission says who may call; the services still
 * check the object (reach, status, creator: workflow.md, wizard.md).
 *
 * The roles of each permission keep the order the route declared them in before the map (the
 * OpenAPI document lists them in that order).
 */
export const PERMISSIONS = {
  /** Read a case in reach, its records, history, documents and PDFs; the case searches. */
  'case.read': ['QPPV', 'RLF', 'CL', 'Fabricante'],
  /** Edit a case's records with the wizard, send it, classify a reaction, the local sanitary notification. */
  'case.write': ['QPPV', 'RLF'],
  /** Create a case with the header's dialog (CL reports through the patient form; ADMIN and Fabricante do no case work). */
  'case.create': ['RLF', 'QPPV'],
  /** Delete a Pendiente draft with an electronic signature (`delER`). */
  'case.delete': ['QPPV', 'RLF'],
  /** A case's operation history; ADMIN reads the audit trail's list across cases. */
  'caseHistory.read': ['QPPV', 'RLF', 'CL', 'Fabricante', 'ADMIN'],
  /** Upload and delete a case's documents and notes. */
  'caseDocuments.write': ['QPPV', 'RLF', 'Fabricante'],
  /** The Naranjo imputability evaluation, each role its part (`setImputEvaluation`). */
  'causality.write': ['QPPV', 'RLF', 'Fabricante'],
  /** The WHO-UMC causality per reaction × suspect drug (`setWhoUmc`). */
  'whoUmc.write': ['QPPV', 'RLF'],
  /** A suspect drug's product recovery and its file. */
  'recovery.write': ['QPPV', 'RLF', 'Fabricante'],
  /** A reaction's provider-notification file (and checkbox: `canEditProviderNotification`). */
  'providerNotification.write': ['QPPV'],
  /** Create a follow-up report of a case (`insertES`). */
  'followUp.create': ['QPPV', 'RLF'],
  /** Export, list and acknowledge a case's E2B submissions ('Envíos E2B'). */
  'e2b.submit': ['QPPV', 'RLF'],
  /** The E2B receivers a submission may be addressed to. */
  'e2bReceivers.read': ['ADMIN', 'QPPV', 'RLF'],
  /** Create and change E2B receivers (Configuración). */
  'e2bReceivers.write': ['ADMIN'],
  /** Import E2B(R3) files as cases. */
  'e2bImport.run': ['ADMIN', 'RLF', 'QPPV'],
  /** 'Mis acciones pendientes' (`getWorkFlow`): the cases waiting on the user. */
  'tasks.pending': ['QPPV', 'RLF', 'Fabricante'],
  /** The incoming reports of doctors and patients and their triage. */
  'homeReports.read': ['RLF', 'QPPV'],
  /** Send a report through the patient form while signed in. */
  'homeReports.submit': ['CL', 'RLF', 'QPPV'],
  /** The possible duplicates of a case or a report, and the decision on a pair. */
  'duplicates.decide': ['RLF', 'QPPV'],
  /** The Duplicados screen: the suspected pairs in reach. */
  'duplicates.list': ['QPPV'],
  /** Señales: the disproportionality table. */
  'signals.read': ['QPPV', 'CL', 'RLF'],
  /** The signal register: open, assess and close signals. */
  'signalRegister.use': ['QPPV', 'CL'],
  /** Who may be a signal's responsible person. */
  'signalRegister.responsible': ['QPPV', 'CL'],
  /** Indicadores. */
  'indicators.read': ['ADMIN', 'QPPV', 'RLF', 'CL'],
  /** Eventos que no cumplen KPI's. */
  'noKpi.read': ['ADMIN', 'QPPV', 'RLF'],
  /** Métricas: read and change. */
  'metrics.manage': ['ADMIN', 'QPPV'],
  /** Auditoría: the audit trail and its files. */
  'auditTrail.read': ['ADMIN', 'QPPV'],
  /** Usuarios: list, create and change other users, assign laboratories. */
  'users.manage': ['ADMIN', 'QPPV'],
  /** Mi usuario: one's own details. */
  'ownUser.manage': ['ADMIN', 'QPPV', 'RLF', 'CL', 'Fabricante'],
  /** Configuración. */
  'settings.manage': ['ADMIN'],
  /** The reference lists and catalogues the case forms and searches need. */
  'referenceData.read': ['QPPV', 'RLF', 'CL', 'Fabricante', 'ADMIN'],
  /** Parámetros: create, change, enable or disable a reference row. */
  'parameters.write': ['ADMIN', 'QPPV'],
  /** Importación de datos: product and MedDRA imports and their templates. */
  'import.run': ['ADMIN'],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

/** Every permission, in the map's order. */
export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];

/** Anything that names a role: a role, a session user (`Rol`) or a signed-in server user (`role`). */
export type RoleHolder = Role | { Rol: Role } | { role: Role };

function roleOf(who: RoleHolder | null | undefined): Role | null {
  if (who === null || who === undefined) return null;
  if (typeof who === 'string') return who;
  return 'Rol' in who ? who.Rol : who.role;
}

/** Whether a role (or the user holding it) has a permission; nobody signed in has none. */
export function can(who: RoleHolder | null | undefined, permission: Permission): boolean {
  const role = roleOf(who);
  return role !== null && (PERMISSIONS[permission] as readonly Role[]).includes(role);
}

/** The roles that hold a permission. */
export function rolesWith(permission: Permission): readonly Role[] {
  return PERMISSIONS[permission];
}

/**
 * Named rate limits (`config.rateLimit` of a route, `@fastify/rate-limit`): calls per window
 * per caller address, answered 429. A route takes the tier of what it does; a route whose limit
 * fits no tier says so beside its own number. `upload` is per signed-in user and is the default
 * of `ATALAYA_UPLOAD_RATE_LIMIT`, which an installation may change.
 */
export const RATE_LIMITS = {
  /** Public look-ups typed into a form (the MedDRA search of the public report). */
  read: { max: 300, timeWindow: '1 minute' },
  /** A change that checks a password or a signature, or sends a report. */
  write: { max: 20, timeWindow: '1 minute' },
  /** Signing in with a password (the login's password grant) and the captcha. */
  auth: { max: 60, timeWindow: '1 minute' },
  /** A whole list exported as a file. */
  export: { max: 30, timeWindow: '1 minute' },
  /** Uploads, per signed-in user (default of ATALAYA_UPLOAD_RATE_LIMIT). */
  upload: { max: 30, timeWindow: '1 minute' },
} as const satisfies Record<string, { max: number; timeWindow: string }>;

export type RateLimitTier = keyof typeof RATE_LIMITS;
