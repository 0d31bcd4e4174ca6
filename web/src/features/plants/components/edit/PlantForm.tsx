import { ErrorCode } from '@solar/contract';
import { App, Button, Divider, Form, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../../../shared/api/client';
import { SubmitButton } from '../../../../shared/ui/SubmitButton';
import { useCreatePlant, useEditPlant, useUploadPlantPicture } from '../../api';
import { BasicFields } from './BasicFields';
import { ContactsField } from './ContactsField';
import { LocationFields } from './LocationFields';
import { PictureUpload } from './PictureUpload';
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
  const [picture, setPicture] = useState<File | null>(null);
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
      const upload = new FormData();
      upload.append('file', picture);
      await uploadPicture.mutateAsync({ params: { id }, body: upload });
    }
    void message.success(t('edit.saved'));
    void navigate(`/plants/overview/${id}`);
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
        <PictureUpload currentUrl={pictureUrl} onSelect={setPicture} />
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
