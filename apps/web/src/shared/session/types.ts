import type { Role } from '@atalaya/domain';

/** A menu entry of `getContext` (docs/api.md, docs/roles.md). `Menu` null: allowed but not shown. */
export interface MenuItem {
  URL: string;
  NameES: string;
  TooltipES: string;
  FontAwesomeIcon: string;
  Menu: 'NavBar' | 'Admin' | null;
  Order: number;
}

/** The stored user session (platform spec §3) plus the user's time zone. */
export interface SessionUser {
  Id: string;
  Rol: Role;
  Url: string;
  MenuItems: MenuItem[];
  AcceptTerms: boolean;
  Country: string;
  Email: string;
  Name: string;
  TimeZone: string;
}

export interface Country {
  Id: number;
  Codigo: string;
  Nombre: string;
  TimeZone: string;
  Eliminado: boolean;
}

export interface EventStatus {
  Id: number;
  Estado: string;
}

export interface SubGroup {
  Id: number;
  Nombre: string;
  GrupoId: number;
}

/** `GET /api/getContext`. */
export interface AppContext {
  User: SessionUser;
  /** Minutes; may be fractional. */
  SessionTimeout: number;
  Paises: Country[];
  Status: EventStatus[];
  SubGrupos: SubGroup[];
}
