import { latestVersion } from '@solar/contract';
import { Layout } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../../features/brands/current-brand';
import { useProfile } from '../../features/users/api';
import { useApiQuery } from '../../shared/api/hooks';

/**
 * Copyright year, the white-label brand's footer company (else the user's company, else the
 * portal's name) and, only when that call succeeded, the latest version.
 */
export function ShellFooter(): ReactNode {
  const { t } = useTranslation('common');
  const brandFooter = useBrand()?.footerText;
  const company = useProfile().data?.company;
  const version = useApiQuery(latestVersion, { quiet: true }, { staleTime: Infinity }).data
    ?.version;
  return (
    <Layout.Footer className="shell-footer">
      © {new Date().getFullYear()} {brandFooter ?? company?.name ?? t('appName')}
      {version ? ` · ${t('shell.version', { version })}` : ''}
    </Layout.Footer>
  );
}
