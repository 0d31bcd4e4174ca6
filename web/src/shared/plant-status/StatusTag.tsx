import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PlantStatus } from '@solar/contract';
import { statusLabelKey, statusTagColour } from './status';

export function StatusTag({ status }: { status: PlantStatus }) {
  const { t } = useTranslation('plants');
  return (
    <Tag color={statusTagColour(status)} data-status={status}>
      {t(statusLabelKey(status))}
    </Tag>
  );
}
