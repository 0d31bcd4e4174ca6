import { uploadCompanyIcon, uploadCompanyLogo, type CompanyInfo } from '@solar/contract';
import { Image, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../shared/permissions/Permit';
import { PictureUpload, uploadForm } from '../../../shared/upload/PictureUpload';
import { useUploadCompanyIcon, useUploadCompanyLogo } from '../api';

/** The logo shown in the expanded menu and the icon shown when it is collapsed. */
export function CompanyPictures(props: { company: CompanyInfo }): ReactNode {
  const { t } = useTranslation('company');
  const canEdit = usePermission('company.info.edit');
  const uploadLogo = useUploadCompanyLogo();
  const uploadIcon = useUploadCompanyIcon();
  const pictures = [
    {
      key: 'logo',
      url: props.company.logoUrl,
      endpoint: uploadCompanyLogo,
      mutation: uploadLogo,
      fallback: '/logo.svg',
    },
    {
      key: 'icon',
      url: props.company.iconUrl,
      endpoint: uploadCompanyIcon,
      mutation: uploadIcon,
      fallback: '/favicon.svg',
    },
  ] as const;
  return (
    <Space size="large" wrap>
      {pictures.map((picture) => (
        <Space key={picture.key} orientation="vertical">
          <Typography.Text strong>{t(`info.${picture.key}`)}</Typography.Text>
          <Image
            src={picture.url ?? picture.fallback}
            height={64}
            alt={t(`info.${picture.key}`)}
            style={{ background: '#001529', padding: 8 }}
          />
          {canEdit && (
            <PictureUpload
              label={t('info.upload')}
              rule={picture.endpoint.upload}
              onPick={async (file) => {
                const body = uploadForm(picture.endpoint.upload, file);
                await picture.mutation.mutateAsync({ body, loading: true });
              }}
            />
          )}
        </Space>
      ))}
    </Space>
  );
}
