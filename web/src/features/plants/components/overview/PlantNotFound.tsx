import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

export function PlantNotFound() {
  const { t } = useTranslation('plants');
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={t('overview.notFound')}
      extra={<Button onClick={() => void navigate('/plants')}>{t('overview.backToList')}</Button>}
    />
  );
}
