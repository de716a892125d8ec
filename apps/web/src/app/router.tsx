import { APP_ROUTES } from '@atalaya/domain';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { FullPageLoader } from '../shared/layout';
import type { InternalRouteKey } from './internal-pages';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import { FallbackRedirect, RouteGuard } from './route-guard';

const INTERNAL_ROUTE_KEYS: InternalRouteKey[] = [
  'workflow',
  'eventSearch',
  'productSearch',
  'eventView',
  'eventEdit',
  'auditTrail',
  'indicators',
  'dataImport',
  'adminUsers',
  'adminUser',
  'myUser',
  'metrics',
  'settings',
  'parameters',
  'noKpis',
  'duplicates',
  'signals',
  'signalRegister',
];

/** Guarded screens: loaded on demand, so the public pages never download the internal area. */
const internalRoutes: RouteObject[] = INTERNAL_ROUTE_KEYS.map((key) => ({
  path: APP_ROUTES[key].path,
  lazy: async () => ({ Component: (await import('./internal-pages')).INTERNAL_PAGES[key] }),
}));

/** The route table of platform spec §2. Paths match case-insensitively (/reportableEvent too). */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <FullPageLoader />,
    children: [
      { path: APP_ROUTES.landing.path, lazy: async () => ({ Component: (await import('../features/landing/landing-page')).LandingPage }) },
      { path: APP_ROUTES.login.path, lazy: async () => ({ Component: (await import('../features/auth/login-page')).LoginPage }) },
      {
        path: APP_ROUTES.changePassword.path,
        lazy: async () => ({ Component: (await import('../features/auth/change-password-page')).ChangePasswordPage }),
      },
      {
        path: APP_ROUTES.teamsConfig.path,
        lazy: async () => ({ Component: (await import('../features/teams-config/teams-config-page')).TeamsConfigPage }),
      },
      {
        element: <RouteGuard />,
        children: [
          {
            lazy: async () => ({ Component: (await import('../features/shell/app-frame')).AppFrame }),
            children: internalRoutes,
          },
        ],
      },
      { path: '*', element: <FallbackRedirect /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
