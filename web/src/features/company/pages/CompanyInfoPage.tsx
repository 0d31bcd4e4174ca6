import { getCompany } from '@solar/contract';
import { Divider, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../../shared/api/hooks';
import { PageCard } from '../../../shared/ui/PageCard';
import { CompanyInfoForm } from '../components/CompanyInfoForm';
import { CompanyPictures } from '../components/CompanyPictures';

export default function CompanyInfoPage(): ReactNode {
  const { t } = useTranslation('menu');
  const company = useApiQuery(getCompany).data;
  return (
    <PageCard title={t('companyInfo')}>
      {company ? (
        <>
          <CompanyPictures company={company} />
          <Divider />
          <CompanyInfoForm company={company} />
        </>
      ) : (
        <Spin />
      )}
    </PageCard>
  );
}
