import { ErrorCode } from '@solar/contract';
import { Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePlant } from '../../api';
import { plantFormFromDetail } from './plant-form';
import { PlantForm } from './PlantForm';

export function EditExistingPlant({ id }: { id: number }) {
  const { t } = useTranslation('plants');
  const { data, error } = usePlant(id);
  if (error?.code === ErrorCode.plantNotFound)
    return <Result status="404" title={t('overview.notFound')} />;
  if (error) return <Result status="error" title={t('overview.loadFailed')} />;
  if (!data) return <Spin size="large" style={{ display: 'block', margin: '96px auto' }} />;
  if (data.access !== 'manage') return <Result status="403" title={t('edit.readOnly')} />;
  return (
    <PlantForm
      plantId={id}
      initialValues={plantFormFromDetail(data)}
      pictureUrl={data.pictureUrl}
    />
  );
}
