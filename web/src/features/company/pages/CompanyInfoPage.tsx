import { Divider, Result, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageCard } from '../../../shared/ui/PageCard';
import { CompanyInfoForm } from '../components/CompanyInfoForm';
import { useCompany } from '../api';
import { CompanyContextGate } from '../../company-context/CompanyContextGate';
import { CompanyPictures } from '../components/CompanyPictures';
import { SecondFactorPolicySwitch } from '../components/SecondFactorPolicySwitch';
import { CompanyServiceKeys } from '../components/CompanyServiceKeys';

function CompanyInfo(): ReactNode {
  const { t } = useTranslation(['menu', 'company']);
  const { data: company, isError } = useCompany();
  if (isError) {
    return (
      <PageCard title={t('companyInfo')}>
        <Result status="warning" title={t('company:context.unavailable')} />
      </PageCard>
    );
  }
  return (
    <PageCard title={t('companyInfo')}>
      {company ? (
        <>
          <CompanyPictures company={company} />
          <Divider />
          <CompanyInfoForm company={company} />
          <Divider />
          <SecondFactorPolicySwitch company={company} />
          <CompanyServiceKeys />
        </>
      ) : (
        <Spin />
      )}
    </PageCard>
  );
}

/** For a platform administrator, in the context of a chosen company. */
export default function CompanyInfoPage(): ReactNode {
  return (
    <CompanyContextGate>
      <CompanyInfo />
    </CompanyContextGate>
  );
}
