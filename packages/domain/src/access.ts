import { ROLES, type Role } from './roles.js';

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
  'case.read': ['QPPV', 'RLF', 'CL', 'Fabricante'],
  'case.write': ['QPPV', 'RLF'],
  'case.create': ['RLF', 'QPPV'],
  'case.delete': ['QPPV', 'RLF'],
  'caseHistory.read': ['QPPV', 'RLF', 'CL', 'Fabricante', 'ADMIN'],
  'caseDocuments.write': ['QPPV', 'RLF', 'Fabricante'],
  'causality.write': ['QPPV', 'RLF', 'Fabricante'],
  'whoUmc.write': ['QPPV', 'RLF'],
  'recovery.write': ['QPPV', 'RLF', 'Fabricante'],
  'providerNotification.write': ['QPPV'],
  'followUp.create': ['QPPV', 'RLF'],
  'e2b.submit': ['QPPV', 'RLF'],
  'e2bReceivers.read': ['ADMIN', 'QPPV', 'RLF'],
  'e2bReceivers.write': ['ADMIN'],
  'e2bImport.run': ['ADMIN', 'RLF', 'QPPV'],
  'tasks.pending': ['QPPV', 'RLF', 'Fabricante'],
  'homeReports.read': ['RLF', 'QPPV'],
  'homeReports.submit': ['CL', 'RLF', 'QPPV'],
  'duplicates.decide': ['RLF', 'QPPV'],
  'duplicates.list': ['QPPV'],
  'signals.read': ['QPPV', 'CL', 'RLF'],
  'signalRegister.use': ['QPPV', 'CL'],
  'signalRegister.responsible': ['QPPV', 'CL'],
  'indicators.read': ['ADMIN', 'QPPV', 'RLF', 'CL'],
  'noKpi.read': ['ADMIN', 'QPPV', 'RLF'],
  'metrics.manage': ['ADMIN', 'QPPV'],
  'auditTrail.read': ['ADMIN', 'QPPV'],
  'users.manage': ['ADMIN', 'QPPV'],
  'ownUser.manage': ['ADMIN', 'QPPV', 'RLF', 'CL', 'Fabricante'],
  'settings.manage': ['ADMIN'],
  'referenceData.read': ['QPPV', 'RLF', 'CL', 'Fabricante', 'ADMIN'],
  'parameters.write': ['ADMIN', 'QPPV'],
  'import.run': ['ADMIN'],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

/** What each permission allows (the second column of the table in docs/roles.md). */
export const PERMISSION_DESCRIPTIONS: Readonly<Record<Permission, string>> = {
  'case.read': 'Read a case in reach, its records, history, documents and PDFs; the case searches.',
  'case.write': "Edit a case's records with the wizard, send it, classify a reaction, the local sanitary notification.",
  'case.create': "Create a case with the header's dialog (CL reports through the patient form; ADMIN and Fabricante do no case work).",
  'case.delete': 'Delete a Pendiente draft with an electronic signature (`delER`).',
  'caseHistory.read': "A case's operation history; ADMIN reads the audit trail's list across cases.",
  'caseDocuments.write': "Upload and delete a case's documents and notes.",
  'causality.write': 'The Naranjo imputability evaluation, each role its part (`setImputEvaluation`).',
  'whoUmc.write': 'The WHO-UMC causality per reaction × suspect drug (`setWhoUmc`).',
  'recovery.write': "A suspect drug's product recovery and its file.",
  'providerNotification.write': "A reaction's provider-notification file (and checkbox: `canEditProviderNotification`).",
  'followUp.create': 'Create a follow-up report of a case (`insertES`).',
  'e2b.submit': "Export, list and acknowledge a case's E2B submissions ('Envíos E2B').",
  'e2bReceivers.read': 'The E2B receivers a submission may be addressed to.',
  'e2bReceivers.write': 'Create and change E2B receivers (Configuración).',
  'e2bImport.run': 'Import E2B(R3) files as cases.',
  'tasks.pending': "'Mis acciones pendientes' (`getWorkFlow`): the cases waiting on the user.",
  'homeReports.read': 'The incoming reports of doctors and patients and their triage.',
  'homeReports.submit': 'Send a report through the patient form while signed in.',
  'duplicates.decide': 'The possible duplicates of a case or a report, and the decision on a pair.',
  'duplicates.list': 'The Duplicados screen: the suspected pairs in reach.',
  'signals.read': 'Señales: the disproportionality table.',
  'signalRegister.use': 'The signal register: open, assess and close signals.',
  'signalRegister.responsible': "Who may be a signal's responsible person.",
  'indicators.read': 'Indicadores.',
  'noKpi.read': "Eventos que no cumplen KPI's.",
  'metrics.manage': 'Métricas: read and change.',
  'auditTrail.read': 'Auditoría: the audit trail and its files.',
  'users.manage': 'Usuarios: list, create and change other users, assign laboratories.',
  'ownUser.manage': "Mi usuario: one's own details.",
  'settings.manage': 'Configuración.',
  'referenceData.read': 'The reference lists and catalogues the case forms and searches need.',
  'parameters.write': 'Parámetros: create, change, enable or disable a reference row.',
  'import.run': 'Importación de datos: product and MedDRA imports and their templates.',
};

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

/** The markers around the generated permission table of docs/roles.md. */
export const PERMISSION_TABLE_MARKERS = { start: '<!-- permissions:start (generated: npm run docs:roles) -->', end: '<!-- permissions:end -->' } as const;

/**
 * The permission × role table of docs/roles.md, generated from {@link PERMISSIONS} (with the
 * one-line description of each): `npm run docs:roles` writes it, a test keeps it true.
 */
export function permissionTable(): string {
  const head = `| permission | what it allows | ${ROLES.join(' | ')} |`;
  const rule = `| --- | --- | ${ROLES.map(() => ':-:').join(' | ')} |`;
  const rows = PERMISSION_NAMES.map((name) => {
    const holders: readonly Role[] = PERMISSIONS[name];
    return `| \`${name}\` | ${PERMISSION_DESCRIPTIONS[name]} | ${ROLES.map((role) => (holders.includes(role) ? '✓' : '')).join(' | ')} |`;
  });
  return [head, rule, ...rows].join('\n');
}

/**
 * The Markdown of docs/roles.md with the generated permission table between its markers put
 * back from the map; the same text when the page is up to date. Throws when a marker is missing.
 */
export function withPermissionTable(markdown: string): string {
  const start = markdown.indexOf(PERMISSION_TABLE_MARKERS.start);
  const end = markdown.indexOf(PERMISSION_TABLE_MARKERS.end);
  if (start < 0 || end < start) throw new Error(`docs/roles.md has no '${PERMISSION_TABLE_MARKERS.start}' … '${PERMISSION_TABLE_MARKERS.end}'`);
  return `${markdown.slice(0, start)}${PERMISSION_TABLE_MARKERS.start}\n${permissionTable()}\n${markdown.slice(end)}`;
}
