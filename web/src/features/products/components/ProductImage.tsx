import { type ProductModel, uploadProductImage } from '@solar/contract';
import { Image, Space } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../shared/permissions/Permit';
import { PictureUpload, uploadForm } from '../../../shared/upload/PictureUpload';
import { useUploadProductImage } from '../api';

/** The model's picture as a thumbnail in the list. */
export function ProductThumbnail(props: { model: ProductModel }): ReactNode {
  const { t } = useTranslation('products');
  if (!props.model.imageUrl) return null;
  return <Image src={props.model.imageUrl} height={32} alt={t('image')} preview={false} />;
}

/** The model's picture in its edit form, with the button that replaces it. */
export function ProductImageField(props: { model: ProductModel }): ReactNode {
  const { t } = useTranslation('products');
  const canEdit = usePermission('sys.product.edit');
  const upload = useUploadProductImage();
  const [imageUrl, setImageUrl] = useState(props.model.imageUrl);
  return (
    <Space align="start">
      {imageUrl && <Image src={imageUrl} height={64} alt={t('image')} />}
      {canEdit && (
        <PictureUpload
          label={t('uploadImage')}
          rule={uploadProductImage.upload}
          onPick={async (file) => {
            const changed = await upload.mutateAsync({
              params: { id: props.model.id },
              body: uploadForm(uploadProductImage.upload, file),
              loading: true,
            });
            setImageUrl(changed.imageUrl);
          }}
        />
      )}
    </Space>
  );
}
