import { PERIOD_RANGES } from '@solar/contract';
import { useTranslation } from 'react-i18next';
import { energyText } from '../../../../shared/format/formatters';
import { usePlantEnergyBars } from '../../api';
import { PeriodBarsCard } from './PeriodBarsCard';
import { usePickedPeriod } from './PeriodPicker';

export function EnergyBarsCard({ id, localDate }: { id: number; localDate: string }) {
  const { t } = useTranslation('plants');
  const period = usePickedPeriod(PERIOD_RANGES, 'month', localDate);
  const bars = usePlantEnergyBars(id, period.range, period.date);
  return (
    <PeriodBarsCard
      title={t('overview.energy')}
      period={period}
      bars={bars}
      series={{ name: t('chart.energy'), unit: 'kWh' }}
      sumText={energyText}
      sumTestId="energy-sum"
    />
  );
}
