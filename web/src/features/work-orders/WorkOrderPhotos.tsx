import { uploadWorkOrderPhoto, type WorkOrderDetail } from '@solar/contract';
import { Card, Image, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Permit } from '../../shared/permissions/Permit';
import { PictureUpload, uploadForm } from '../../shared/upload/PictureUpload';
import { useUploadWorkOrderPhoto } from './api';

/** The work order's photos (tap to enlarge) and, for editors, the picker that adds one. */
export function WorkOrderPhotos(props: { order: WorkOrderDetail }): ReactNode {
  const { t } = useTranslation('workOrders');
  const upload = useUploadWorkOrderPhoto();
  return (
    <Card title={t('photos')} size="small">
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Image.PreviewGroup>
          <Space wrap>
            {props.order.photos.map((photo) => (
              <Image
                key={photo.id}
                src={photo.url}
                width={96}
                height={96}
                alt={photo.uploadedBy ?? ''}
              />
            ))}
          </Space>
        </Image.PreviewGroup>
        <Permit permission="workorder.edit">
          <PictureUpload
            rule={uploadWorkOrderPhoto.upload}
            label={t('addPhoto')}
            onPick={(file) =>
              upload.mutateAsync({
                params: { id: props.order.id },
                body: uploadForm(uploadWorkOrderPhoto.upload, file),
              })
            }
          />
        </Permit>
      </Space>
    </Card>
  );
}
