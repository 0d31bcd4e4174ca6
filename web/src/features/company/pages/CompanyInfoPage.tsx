import { Divider, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageCard } from '../../../shared/ui/PageCard';
import { CompanyInfoForm } from '../components/CompanyInfoForm';
import { useCompany } from '../api';
import { CompanyPictures } from '../components/CompanyPictures';

export default function CompanyInfoPage(): ReactNode {
  const { t } = useTranslation('menu');
  const company = useCompany().data;
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
