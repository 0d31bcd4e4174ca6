import { type ManagedBrand, uploadBrandFavicon, uploadBrandLogo } from '@solar/contract';
import { Image, Space, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../shared/list-page/ListPage';
import { useListState } from '../../../shared/list-page/useListState';
import { usePermission } from '../../../shared/permissions/Permit';
import { PictureUpload, uploadForm } from '../../../shared/upload/PictureUpload';
import { useBrands, useUploadBrandPicture } from '../api';
import { BrandFormModal } from '../components/BrandFormModal';

/** The brand's two pictures, each shown with its upload button. */
const PICTURES = {
  logo: {
    endpoint: uploadBrandLogo,
    urlOf: (brand: ManagedBrand) => brand.logoUrl,
    label: 'uploadLogo',
  },
  favicon: {
    endpoint: uploadBrandFavicon,
    urlOf: (brand: ManagedBrand) => brand.faviconUrl,
    label: 'uploadFavicon',
  },
} as const;

function BrandPicture(props: { brand: ManagedBrand; picture: keyof typeof PICTURES }): ReactNode {
  const { t } = useTranslation('brands');
  const canEdit = usePermission('sys.brand.edit');
  const { endpoint, urlOf, label } = PICTURES[props.picture];
  const upload = useUploadBrandPicture(endpoint);
  const url = urlOf(props.brand);
  return (
    <Space>
      {url && <Image src={url} height={32} alt={t(`fields.${props.picture}`)} preview={false} />}
      {canEdit && (
        <PictureUpload
          label={t(label)}
          rule={endpoint.upload}
          onPick={(file) =>
            upload.mutateAsync({
              params: { id: props.brand.id },
              body: uploadForm(endpoint.upload, file),
              loading: true,
            })
          }
        />
      )}
    </Space>
  );
}

/** White-label brands: their key, hosts, colour, logo and sign-in texts. */
export default function BrandsPage(): ReactNode {
  const { t } = useTranslation(['brands', 'menu']);
  const list = useListState();
  const brands = useBrands({ page: list.page, size: list.size });

  return (
    <ListPage<ManagedBrand>
      title={t('menu:managementBrands')}
      list={list}
      rows={brands}
      rowKey={(brand) => brand.id}
      columns={[
        { key: 'key', title: t('fields.key'), value: (brand) => brand.key },
        { key: 'name', title: t('fields.name'), value: (brand) => brand.name },
        {
          key: 'hosts',
          title: t('fields.hosts'),
          value: (brand) => brand.hosts.map((host) => <Tag key={host}>{host}</Tag>),
        },
        {
          key: 'primaryColor',
          title: t('fields.primaryColor'),
          value: (brand) => <Tag color={brand.primaryColor}>{brand.primaryColor}</Tag>,
        },
        {
          key: 'logo',
          title: t('fields.logo'),
          value: (brand) => <BrandPicture brand={brand} picture="logo" />,
        },
        {
          key: 'favicon',
          title: t('fields.favicon'),
          value: (brand) => <BrandPicture brand={brand} picture="favicon" />,
        },
      ]}
      toolbar={[{ kind: 'create', label: t('create'), permission: 'sys.brand.edit' }]}
      rowActions={[{ kind: 'edit', permission: 'sys.brand.edit' }]}
      renderForm={(control, brand) => <BrandFormModal {...control} brand={brand} />}
    />
  );
}
