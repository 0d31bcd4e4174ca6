import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { loadSignedInTexts } from '../../shared/i18n/i18n';
import { isSignedIn } from '../../shared/storage/storage';
import { findRoute } from '../../shared/routing/filter-routes';
import { loadSignedInApp } from './first-page';
import { PRIVATE_ROUTES } from './private-routes';
import { isPublicPath } from './public-routes';
import { PublicRoutes } from './PublicRoutes';
import { useNavigationProgress } from '../../shared/routing/navigation-progress';
import { RouteProgress } from './RouteProgress';

// The shell, menu, signed-in pages and their texts load only after sign-in, keeping /login light.
const SignedInApp = lazy(async () => {
  const [module] = await Promise.all([loadSignedInApp(), loadSignedInTexts()]);
  return module;
});

/**
 * Section 2's guards: a signed-in user on /login goes to /; a visitor may open public pages
 * only and is sent to /login from any signed-in page; unknown paths get the hidden 404.
 */
export function AppRoutes(): ReactNode {
  const { pathname } = useLocation();
  useNavigationProgress(pathname);
  const isUserSignedIn = isSignedIn();
  if (pathname === '/login' && isUserSignedIn) return <Navigate to="/" replace />;
  // A signed-in user's 403 page keeps the shell around it.
  const isShellForbidden = isUserSignedIn && pathname === '/403';
  if (isPublicPath(pathname) && !isShellForbidden) return <PublicRoutes />;
  if (isUserSignedIn) {
    return (
      <Suspense fallback={<RouteProgress />}>
        <SignedInApp />
      </Suspense>
    );
  }
  const isSignedInPage = pathname === '/' || findRoute(PRIVATE_ROUTES, pathname) !== undefined;
  if (isSignedInPage) return <Navigate to="/login" replace state={{ from: pathname }} />;
  return <PublicRoutes />;
}
