/** Routes shown without the application frame (platform spec §2). */
export const FRAMELESS_ROUTES = ['/', '/login', '/changepassword', '/teamsConfig'] as const;

/** Routes reachable without signing in (platform spec §2 'Route table'). */
export const PUBLIC_ROUTES = ['/', '/login', '/changepassword', '/teamsConfig'] as const;

/** Who may open a route: anyone, or a signed-in user whose allowed URLs match it. */
export type RouteAccess = 'public' | 'authenticated';

export interface AppRoute {
  /** React Router pattern; `?` marks an optional segment. */
  path: string;
  access: RouteAccess;
  /** Whether the menu and chrome are shown. */
  framed: boolean;
  title?: string;
}

const authenticated = (path: string, title?: string): AppRoute => ({ path, access: 'authenticated', framed: true, title });
const publicRoute = (path: string): AppRoute => ({ path, access: 'public', framed: false });

/** The route table of platform spec §2. Any other path redirects (see the guard). */
export const APP_ROUTES = {
  landing: publicRoute('/'),
  login: publicRoute('/login'),
  changePassword: publicRoute('/changepassword'),
  teamsConfig: publicRoute('/teamsConfig'),
  myUser: authenticated('/myuser', 'Mí usuario'),
  workflow: authenticated('/workflow', 'Tareas'),
  eventSearch: authenticated('/eventsearch', 'Ver eventos reportables'),
  productSearch: authenticated('/productSearch', 'Ver eventos reportables'),
  eventView: authenticated('/reportableevent/:meta/view/:step/:type?'),
  eventEdit: authenticated('/reportableevent/:meta/edit/:type?'),
  auditTrail: authenticated('/audittrail'),
  indicators: authenticated('/indicators', 'Indicadores'),
  dataImport: authenticated('/dataimport', 'Importación de datos'),
  adminUsers: authenticated('/adminusers', 'Administrador de usuarios'),
  adminUser: authenticated('/adminusers/:userId', 'Administrador de usuarios'),
  metrics: authenticated('/metrics', 'Metricas'),
  settings: authenticated('/settings', 'Configuración'),
  parameters: authenticated('/parameters', 'Parametros'),
  noKpis: authenticated('/nokpis', "Eventos que no cumplen KPI's"),
  duplicates: authenticated('/duplicates', 'Duplicados'),
  signals: authenticated('/signals', 'Señales'),
  /** The old address of the signal register: redirects to its tab (`SIGNAL_REGISTER_TAB`). */
  signalRegister: authenticated('/signalregister', 'Registro de señales'),
} as const satisfies Record<string, AppRoute>;

/** The signal register: the 'Registro de señales' tab of Señales (docs/signals.md). */
export const SIGNAL_REGISTER_TAB = '/signals?tab=registro';

/** Steps of the event view, as route values (event spec §2.3; 'docuemnts' is spelled so). */
export const EVENT_VIEW_STEPS = [
  'details',
  'docuemnts',
  'ram',
  'recovery',
  'operations',
  'pdfs',
  'eventoSeguimiento',
  'evaluation',
  'followup',
  // (ours) Envíos E2B (docs/e2b.md).
  'e2b',
] as const;
export type EventViewStep = (typeof EVENT_VIEW_STEPS)[number];

/** `/reportableEvent/{meta}/view/{step}` with the `/3` suffix for a follow-up event (type 3). */
export function eventViewPath(meta: string, step: EventViewStep = 'details', type?: string | number): string {
  const base = `/reportableEvent/${encodeURIComponent(meta)}/view/${step}`;
  return type === undefined ? base : `${base}/${type}`;
}

/** `/reportableEvent/{meta}/edit/` (new case) or `/reportableEvent/{meta}/edit/2` (follow-up report). */
export function eventEditPath(meta: string, type?: string | number): string {
  return `/reportableEvent/${encodeURIComponent(meta)}/edit/${type ?? ''}`;
}

/** `/adminusers/{userId}`. */
export function adminUserPath(userId: string | number): string {
  return `/adminusers/${encodeURIComponent(String(userId))}`;
}

/** The first segment of a path, lower-cased, without query or hash ('' for '/'). */
export function firstSegment(path: string): string {
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  const segment = pathname.split('/').find((part) => part !== '') ?? '';
  return segment.toLowerCase();
}

/**
 * The route guard's rule (platform spec §2 'Route guard'): a path is allowed when its first
 * segment equals, case-insensitively, the first segment of one of the user's allowed URLs
 * (`MenuItems[].URL`). The root has no segment and is never matched here: it is public.
 */
export function isRouteAllowed(path: string, allowedUrls: readonly string[]): boolean {
  const segment = firstSegment(path);
  if (segment === '') return false;
  return allowedUrls.some((url) => firstSegment(url) === segment);
}
