import { firstSegment, isRouteAllowed } from '@atalaya/domain';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageLoader, PlaceholderPage } from '../shared/layout';
import { useSession } from '../shared/session';

/**
 * Platform spec §2 'Route guard': an internal route shows only to a signed-in user whose
 * allowed URLs match its first segment; others go to their home URL, or to / when signed out.
 */
export function RouteGuard() {
  const { status, user, signedOutTo } = useSession();
  const { pathname } = useLocation();
  if (status === 'restoring') return <FullPageLoader />;
  if (!user) return <Navigate to={signedOutTo} replace />;
  if (isRouteAllowed(pathname, user.MenuItems.map((item) => item.URL))) return <Outlet />;
  // A home URL outside the user's own list would redirect forever: say so instead.
  if (firstSegment(user.Url) === firstSegment(pathname)) {
    return <PlaceholderPage title="Sin acceso" sentence="Su usuario no tiene pantallas habilitadas. Contacte al administrador." />;
  }
  return <Navigate to={user.Url} replace />;
}

/** Any path outside the route table: the user's home URL, or / when signed out. */
export function FallbackRedirect() {
  const { status, user, signedOutTo } = useSession();
  if (status === 'restoring') return <FullPageLoader />;
  return <Navigate to={user ? user.Url : signedOutTo} replace />;
}
