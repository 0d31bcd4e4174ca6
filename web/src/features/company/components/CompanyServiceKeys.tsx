import { Divider } from 'antd';
import type { ReactNode } from 'react';
import { usePermission } from '../../../shared/permissions/Permit';
import { useProfile } from '../../users/api';
import { ApiKeysCard } from '../../api-keys/components/ApiKeysCard';

/** The company's service keys, for its own administrators (a key acts as its creator). */
export function CompanyServiceKeys(): ReactNode {
  const isCompanyAdmin = useProfile().data?.userid.kind === 'company_admin';
  const canManage = usePermission('apikey.company') && isCompanyAdmin;
  if (!canManage) return null;
  return (
    <>
      <Divider />
      <ApiKeysCard kind="company" />
    </>
  );
}
