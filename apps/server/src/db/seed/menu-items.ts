import type { Permission, Role } from '@atalaya/domain';

export interface MenuItemSeed {
  url: string;
  nameEs: string;
  tooltipEs: string;
  fontAwesomeIcon: string;
  menu: 'NavBar' | 'Admin' | null;
  /** Who sees the item: the roles of this permission (packages/domain `PERMISSIONS`), the same the screen's calls declare. */
  permission: Permission;
}

/** The menu items and who may open them, in menu order, exactly as docs/roles.md records. */
export const MENU_ITEMS: readonly MenuItemSeed[] = [
  { url: '/workflow', nameEs: 'Tareas', tooltipEs: 'Mis acciones pendientes y reportes recibidos', fontAwesomeIcon: 'fa-tasks', menu: 'NavBar', permission: 'case.read' },
  { url: '/eventsearch', nameEs: 'Eventos reportables', tooltipEs: 'Buscar eventos reportables', fontAwesomeIcon: 'fa-search', menu: 'NavBar', permission: 'case.read' },
  { url: '/productSearch', nameEs: 'Búsqueda por producto', tooltipEs: 'Buscar eventos por producto o principio activo', fontAwesomeIcon: 'fa-pills', menu: 'NavBar', permission: 'case.read' },
  { url: '/indicators', nameEs: 'Indicadores', tooltipEs: 'Indicadores de reportes', fontAwesomeIcon: 'fa-chart-pie', menu: 'NavBar', permission: 'indicators.read' },
  { url: '/nokpis', nameEs: "Eventos que no cumplen KPI's", tooltipEs: 'Eventos fuera de los tiempos de notificación', fontAwesomeIcon: 'fa-exclamation-triangle', menu: 'NavBar', permission: 'noKpi.read' },
  { url: '/duplicates', nameEs: 'Duplicados', tooltipEs: 'Pares de casos sospechosos de ser duplicados', fontAwesomeIcon: 'fa-copy', menu: 'NavBar', permission: 'duplicates.list' },
  { url: '/signals', nameEs: 'Señales', tooltipEs: 'Detección de señales: desproporcionalidad por fármaco y PT', fontAwesomeIcon: 'fa-signal', menu: 'NavBar', permission: 'signals.read' },
  // No menu entry: the register is the 'Registro de señales' tab of /signals; the old address redirects there.
  { url: '/signalregister', nameEs: 'Registro de señales', tooltipEs: 'Señales abiertas, su evaluación y su cierre (GVP IX)', fontAwesomeIcon: 'fa-clipboard-list', menu: null, permission: 'signalRegister.use' },
  { url: '/adminusers', nameEs: 'Usuarios', tooltipEs: 'Administrar usuarios', fontAwesomeIcon: 'fa-users', menu: 'Admin', permission: 'users.manage' },
  { url: '/metrics', nameEs: 'Métricas', tooltipEs: 'Tiempos de notificación', fontAwesomeIcon: 'fa-stopwatch', menu: 'Admin', permission: 'metrics.manage' },
  { url: '/settings', nameEs: 'Configuración', tooltipEs: 'Configuración del sistema', fontAwesomeIcon: 'fa-cogs', menu: 'Admin', permission: 'settings.manage' },
  { url: '/parameters', nameEs: 'Parámetros', tooltipEs: 'Tablas de referencia', fontAwesomeIcon: 'fa-list', menu: 'Admin', permission: 'parameters.write' },
  { url: '/audittrail', nameEs: 'Auditoría', tooltipEs: 'Registro de auditoría', fontAwesomeIcon: 'fa-history', menu: 'Admin', permission: 'auditTrail.read' },
  { url: '/dataimport', nameEs: 'Importación de datos', tooltipEs: 'Importar productos y MedDRA', fontAwesomeIcon: 'fa-file-import', menu: 'Admin', permission: 'import.run' },
  { url: '/reportableevent', nameEs: 'Evento reportable', tooltipEs: 'Ver y editar un evento reportable', fontAwesomeIcon: 'fa-file-medical', menu: null, permission: 'case.read' },
  { url: '/myuser', nameEs: 'Mi usuario', tooltipEs: 'Mis datos y laboratorios', fontAwesomeIcon: 'fa-user', menu: null, permission: 'ownUser.manage' },
];

/** Home URL (`User.Url`) of each role. */
export const ROLE_HOME_URLS: Record<Role, string> = {
  ADMIN: '/adminusers',
  QPPV: '/workflow',
  RLF: '/workflow',
  CL: '/eventsearch',
  Fabricante: '/workflow',
};
