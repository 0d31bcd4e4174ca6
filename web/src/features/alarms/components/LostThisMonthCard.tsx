import { Card, Statistic } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { amountsText, energyText } from '../../../shared/format/formatters';
import { usePlantLostEnergy } from '../api';

/** The energy the plant's alarms lost this month, its value and the alarms still open. */
export function LostThisMonthCard({ id }: { id: number }): ReactNode {
  const { t } = useTranslation('alarms');
  const lost = usePlantLostEnergy(id).data;
  return (
    <Card title={t('lostThisMonth')} loading={!lost}>
      {lost && (
        <>
          <Statistic
            title={t('lostEnergy')}
            value={energyText(lost.kWh)}
            suffix={`· ${amountsText([{ amount: lost.value, currency: lost.currency }])}`}
          />
          <Statistic title={t('openAlarms')} value={lost.openAlarms} />
        </>
      )}
    </Card>
  );
}
