import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FamilyList } from '../components/FamilyList';

/** `/device/battery`: the batteries the caller sees. */
export default function BatteryListPage(): ReactNode {
  const { t } = useTranslation('menu');
  return <FamilyList family="battery" title={t('battery')} />;
}
