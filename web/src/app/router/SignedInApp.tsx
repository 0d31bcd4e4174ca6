import { App as AntApp, Result, Spin } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { QueryProvider } from '../../shared/api/QueryProvider';
import { useTranslation } from 'react-i18next';
import { collectPermissions } from '../../shared/permissions/permission-set';
import { PermissionSetProvider } from '../../shared/permissions/PermissionContext';
import { filterRoutes } from '../../shared/routing/filter-routes';
import { PRIVATE_ROUTES } from './private-routes';
import { PrivateRoutes } from './PrivateRoutes';
import { RoutesContext } from '../../shared/routing/RoutesContext';
import { usePermissionTree } from '../../shared/permissions/usePermissionTree';

/** Builds the user's routes from the server's permission tree, then renders them. */
export default function SignedInApp(): ReactNode {
  return (
    <QueryProvider>
      <SignedInRoutes />
    </QueryProvider>
  );
}

function SignedInRoutes(): ReactNode {
  const { t } = useTranslation('common');
  const permissions = usePermissionTree();
  const tree = permissions.data;
  const value = useMemo(() => {
    const held = collectPermissions(tree ?? []);
    return { held, routes: filterRoutes(PRIVATE_ROUTES, held), tree: tree ?? [] };
  }, [tree]);

  if (permissions.isPending) {
    return <Spin size="large" fullscreen description={t('loading')} />;
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
