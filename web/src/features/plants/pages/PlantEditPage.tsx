import { Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { EditExistingPlant } from '../components/edit/EditExistingPlant';
import { emptyPlantForm } from '../components/edit/plant-form';
import { PlantForm } from '../components/edit/PlantForm';

/** `/plants/edit/:id` edits a plant; `/plant-add` (no id) creates one. */
export default function PlantEditPage() {
  const { t } = useTranslation('plants');
  const { id } = useParams();
  const plantId = id === undefined ? undefined : Number(id);
  const isValidId = plantId === undefined || (Number.isInteger(plantId) && plantId > 0);

  return (
    <Card title={t(plantId === undefined ? 'edit.createTitle' : 'edit.editTitle')}>
      {!isValidId && <Result status="404" title={t('overview.notFound')} />}
      {isValidId && plantId !== undefined && <EditExistingPlant key={plantId} id={plantId} />}
      {plantId === undefined && (
        <PlantForm plantId={undefined} initialValues={emptyPlantForm()} pictureUrl={null} />
      )}
    </Card>
  );
}
