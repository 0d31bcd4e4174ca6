import { App as AntApp, Result, Spin } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { appQueryClient, QueryProvider } from '../../shared/api/QueryProvider';
import {
  forgetOfflineState,
  keepOfflineState,
  restoreOfflineState,
} from '../../shared/offline/offline-state';
import { onSessionEnd } from '../../shared/session/session';
import { useTranslation } from 'react-i18next';
import { collectPermissions } from '../../shared/permissions/permission-set';
import { PermissionSetProvider } from '../../shared/permissions/PermissionContext';
import { filterRoutes } from '../../shared/routing/filter-routes';
import { PRIVATE_ROUTES } from './private-routes';
import { PrivateRoutes } from './PrivateRoutes';
import { RoutesContext } from '../../shared/routing/RoutesContext';
import { usePermissionTree } from '../../shared/permissions/usePermissionTree';
import { useProfile } from '../../features/users/api';

const SecondFactorEnrolmentPage = lazy(
  () => import('../../features/users/pages/SecondFactorEnrolmentPage'),
);

/**
 * Builds the user's routes from the server's permission tree, then renders them; an account
 * that must first set up a second factor (its profile says so) sees only that set-up.
 */
export default function SignedInApp(): ReactNode {
  const isRestored = useOfflineState();
  if (!isRestored) return <Spin size="large" fullscreen />;
  return (
    <QueryProvider>
      <SignedInRoutes />
    </QueryProvider>
  );
}

/**
 * The account's last known state first (it may be all there is offline), then kept current
 * until the session ends, which deletes it.
 */
function useOfflineState(): boolean {
  const [isRestored, setRestored] = useState(false);
  useEffect(() => onSessionEnd(() => void forgetOfflineState()), []);
  useEffect(() => {
    let isUnmounted = false;
    let stopKeeping = (): void => undefined;
    void restoreOfflineState(appQueryClient).then(() => {
      if (isUnmounted) return;
      stopKeeping = keepOfflineState(appQueryClient);
      setRestored(true);
    });
    return () => {
      isUnmounted = true;
      stopKeeping();
    };
  }, []);
  return isRestored;
}

function SignedInRoutes(): ReactNode {
  const { t } = useTranslation('common');
  const permissions = usePermissionTree();
  const profile = useProfile();
  const tree = permissions.data;
  const value = useMemo(() => {
    const held = collectPermissions(tree ?? []);
    return { held, routes: filterRoutes(PRIVATE_ROUTES, held), tree: tree ?? [] };
  }, [tree]);

  if (permissions.isPending || profile.isPending) {
    return <Spin size="large" fullscreen description={t('loading')} />;
  }
  if (profile.data?.mustEnrolSecondFactor) {
    return (
      <AntApp>
        <Suspense fallback={<Spin size="large" fullscreen />}>
          <SecondFactorEnrolmentPage
            profile={profile.data}
            onEnrolled={() => void profile.refetch()}
          />
        </Suspense>
      </AntApp>
    );
  }
  if (permissions.isError) {
    return <Result status="warning" title={t('other.permission')} />;
  }
  // antd's App context (themed message and modal for the signed-in pages) lives here, not at
  // the root, so the sign-in page does not load the modal and notification code.
  return (
    <AntApp>
      <PermissionSetProvider held={value.held}>
        <RoutesContext value={value}>
          <PrivateRoutes />
        </RoutesContext>
      </PermissionSetProvider>
    </AntApp>
  );
}
