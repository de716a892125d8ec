/** The demo users the server seeds with ATALAYA_DEMO=1, and what docs/roles.md gives each role. */
export const DEMO_PASSWORD = 'Demo.2026';

export interface DemoRole {
  role: 'ADMIN' | 'QPPV' | 'RLF' | 'CL' | 'Fabricante';
  email: string;
  home: string;
  navBar: string[];
  admin: string[];
  canCreateEvents: boolean;
}

const ALL_ADMIN = ['Usuarios', 'Métricas', 'Configuración', 'Parámetros', 'Auditoría', 'Importación de datos'];

export const DEMO_ROLES: DemoRole[] = [
  {
    role: 'ADMIN',
    email: 'admin@demo.atalaya',
    home: '/adminusers',
    navBar: ['Indicadores', "Eventos que no cumplen KPI's"],
    admin: ALL_ADMIN,
    canCreateEvents: false,
  },
  {
    role: 'QPPV',
    email: 'qppv@demo.atalaya',
    home: '/workflow',
    navBar: ['Tareas', 'Eventos reportables', 'Búsqueda por producto', 'Indicadores', "Eventos que no cumplen KPI's", 'Duplicados', 'Señales'],
    admin: ['Usuarios', 'Métricas', 'Parámetros', 'Auditoría'],
    canCreateEvents: true,
  },
  {
    role: 'RLF',
    email: 'rlf@demo.atalaya',
    home: '/workflow',
    navBar: ['Tareas', 'Eventos reportables', 'Búsqueda por producto', 'Indicadores', "Eventos que no cumplen KPI's", 'Señales'],
    admin: [],
    canCreateEvents: true,
  },
  {
    role: 'CL',
    email: 'cl@demo.atalaya',
    home: '/eventsearch',
    navBar: ['Tareas', 'Eventos reportables', 'Búsqueda por producto', 'Indicadores', 'Señales'],
    admin: [],
    canCreateEvents: true,
  },
  {
    role: 'Fabricante',
    email: 'fabricante@demo.atalaya',
    home: '/workflow',
    navBar: ['Tareas', 'Eventos reportables', 'Búsqueda por producto'],
    admin: [],
    canCreateEvents: false,
  },
];

export function demoRole(role: DemoRole['role']): DemoRole {
  const found = DEMO_ROLES.find((entry) => entry.role === role);
  if (!found) throw new Error(`No demo user for ${role}`);
  return found;
}

/** RLF who has not accepted the terms yet. */
export const TERMS_USER = 'terminos@demo.atalaya';
