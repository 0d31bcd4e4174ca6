import { ErrorCode, uploadPlantPicture } from '@solar/contract';
import { App, Button, Divider, Form, Image, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../../../shared/api/client';
import { SubmitButton } from '../../../../shared/ui/SubmitButton';
import { PictureUpload, uploadForm } from '../../../../shared/upload/PictureUpload';
import { useCreatePlant, useEditPlant, useUploadPlantPicture } from '../../api';
import { BasicFields } from './BasicFields';
import { ContactsField } from './ContactsField';
import { LocationFields } from './LocationFields';
import { plantBodyFromForm, type PlantFormValues } from './plant-form';
import { ValuationFields } from './ValuationFields';

interface PlantFormProps {
  plantId: number | undefined;
  initialValues: PlantFormValues;
  pictureUrl: string | null;
}

export function PlantForm({ plantId, initialValues, pictureUrl }: PlantFormProps) {
  const { t } = useTranslation('plants');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<PlantFormValues>();
  // A new plant has no id to upload to yet: the picture is sent after the plant is saved.
  const [picture, setPicture] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(pictureUrl);
  const createPlant = useCreatePlant();
  const editPlant = useEditPlant();
  const uploadPicture = useUploadPlantPicture();
  const isSaving = createPlant.isPending || editPlant.isPending || uploadPicture.isPending;

  const save = async (values: PlantFormValues) => {
    const body = plantBodyFromForm(values);
    let id = plantId;
    if (id === undefined) id = (await createPlant.mutateAsync({ body, loading: true })).id;
    else await editPlant.mutateAsync({ params: { id }, body, loading: true });
    if (picture) {
      const upload = uploadForm(uploadPlantPicture.upload, picture);
      await uploadPicture.mutateAsync({ params: { id }, body: upload });
    }
    void message.success(t('edit.saved'));
    void navigate(`/plants/overview/${id}`);
  };

  useEffect(() => {
    return () => {
      if (preview?.startsWith('blob:')) URL.revokeObjectURL(preview);
    };
  }, [preview]);

  const pickPicture = (file: File): void => {
    setPicture(file);
    setPreview(URL.createObjectURL(file));
  };

  return (
    <Form<PlantFormValues>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      scrollToFirstError
      // Other failures already showed their toast; the form stays as typed.
      onFinish={(values) =>
        save(values).catch((error: unknown) => {
          if (error instanceof ApiError && error.code === ErrorCode.plantNotFound) {
            void message.error(t('overview.notFound'));
          }
        })
      }
    >
      <Divider titlePlacement="start">{t('edit.sectionBasic')}</Divider>
      <BasicFields />
      <Form.Item label={t('field.picture')}>
        <Space align="start">
          {preview && <Image src={preview} height={64} alt={t('field.picture')} />}
          <PictureUpload rule={uploadPlantPicture.upload} onPick={pickPicture} />
        </Space>
      </Form.Item>
      <Divider titlePlacement="start">{t('edit.sectionLocation')}</Divider>
      <LocationFields />
      <Divider titlePlacement="start">{t('edit.sectionIncome')}</Divider>
      <ValuationFields />
      <Divider titlePlacement="start">{t('edit.sectionContacts')}</Divider>
      <ContactsField />
      <Divider />
      <Space>
        <SubmitButton type="primary" htmlType="submit" loading={isSaving}>
          {t('edit.save')}
        </SubmitButton>
        <Button onClick={() => void navigate(-1)}>{t('edit.cancel')}</Button>
      </Space>
    </Form>
  );
}
