import { Result, Spin } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { collectPermissions } from '../../shared/permissions/permission-set';
import { PermissionSetProvider } from '../../shared/permissions/PermissionContext';
import { filterRoutes } from './filter-routes';
import { PRIVATE_ROUTES } from './private-routes';
import { PrivateRoutes } from './PrivateRoutes';
import { RoutesContext } from './RoutesContext';
import { usePermissionTree } from './usePermissionTree';

/** Builds the user's routes from the server's permission tree, then renders them. */
export default function SignedInApp(): ReactNode {
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
  return (
    <PermissionSetProvider held={value.held}>
      <RoutesContext value={value}>
        <PrivateRoutes />
      </RoutesContext>
    </PermissionSetProvider>
  );
}
