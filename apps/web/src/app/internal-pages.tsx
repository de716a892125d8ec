import { type APP_ROUTES, SIGNAL_REGISTER_TAB } from '@atalaya/domain';
import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate } from 'react-router';
import { AuditTrailPage } from '../features/audit-trail';
import { DuplicatesPage } from '../features/duplicates';
import { MetricsPage } from '../features/metrics';
import { NoKpiPage } from '../features/nokpi';
import { ParametersPage } from '../features/parameters';
import { EventSearchPage, ProductSearchPage } from '../features/search';
import { SettingsPage } from '../features/settings';
import { TasksPage } from '../features/tasks';
import { AdminUsersPage, MyUserPage } from '../features/users';
import { FullPageLoader } from '../shared/layout';

export type InternalRouteKey = Exclude<keyof typeof APP_ROUTES, 'landing' | 'login' | 'changePassword' | 'teamsConfig'>;

/** The event view: its code is downloaded the first time a case is opened. */
const ViewPage = lazy(async () => ({ default: (await import('../features/case-view/case-view-page')).CaseViewPage }));

function EventViewPage() {
  return (
    <Suspense fallback={<FullPageLoader label="Cargando evento reportable" />}>
      <ViewPage />
    </Suspense>
  );
}

/** The edit wizard: its code is downloaded the first time a case is edited. */
const WizardPage = lazy(async () => ({ default: (await import('../features/case-edit/wizard-page')).WizardPage }));

function EventEditPage() {
  return (
    <Suspense fallback={<FullPageLoader label="Cargando evento reportable" />}>
      <WizardPage />
    </Suspense>
  );
}

/** Indicadores: its code (with the charts) is downloaded the first time the screen is opened. */
const IndicatorsLazyPage = lazy(async () => ({ default: (await import('../features/indicators/indicators-page')).IndicatorsPage }));

function IndicatorsPage() {
  return (
    <Suspense fallback={<FullPageLoader label="Cargando indicadores" />}>
      <IndicatorsLazyPage />
    </Suspense>
  );
}

/** Señales: its code (with the charts) is downloaded the first time the screen is opened. */
const SignalsLazyPage = lazy(async () => ({ default: (await import('../features/signals')).SignalsPage }));

function SignalsPage() {
  return (
    <Suspense fallback={<FullPageLoader label="Cargando señales" />}>
      <SignalsLazyPage />
    </Suspense>
  );
}

/** The old address of the signal register (`/signalregister`): its tab of Señales. */
function SignalRegisterRedirect() {
  return <Navigate to={SIGNAL_REGISTER_TAB} replace />;
}

/** Importación de datos: its code is downloaded the first time the screen is opened (ADMIN only). */
const DataImportLazyPage = lazy(async () => ({ default: (await import('../features/data-import/data-import-page')).DataImportPage }));

function DataImportPage() {
  return (
    <Suspense fallback={<FullPageLoader label="Cargando importación de datos" />}>
      <DataImportLazyPage />
    </Suspense>
  );
}

/** The screens of the internal area: each route's page. */
export const INTERNAL_PAGES: Record<InternalRouteKey, ComponentType> = {
  workflow: TasksPage,
  eventSearch: EventSearchPage,
  productSearch: ProductSearchPage,
  eventView: EventViewPage,
  eventEdit: EventEditPage,
  auditTrail: AuditTrailPage,
  indicators: IndicatorsPage,
  dataImport: DataImportPage,
  adminUsers: AdminUsersPage,
  adminUser: AdminUsersPage,
  myUser: MyUserPage,
  metrics: MetricsPage,
  settings: SettingsPage,
  parameters: ParametersPage,
  noKpis: NoKpiPage,
  duplicates: DuplicatesPage,
  signals: SignalsPage,
  signalRegister: SignalRegisterRedirect,
};
