import { useTranslation } from 'react-i18next';
import { type IncomeRange, usePlantIncomeBars } from '../../api';
import { formatters } from '../../../../shared/format/formatters';
import { PeriodBarsCard } from './PeriodBarsCard';
import { usePickedPeriod } from './PeriodPicker';

const INCOME_RANGES: readonly IncomeRange[] = ['month', 'year', 'total'];

export function IncomeCard({ id, localDate }: { id: number; localDate: string }) {
  const { t } = useTranslation('plants');
  const period = usePickedPeriod(INCOME_RANGES, 'month', localDate);
  const { currency = '', ...bars } = usePlantIncomeBars(id, period.range, period.date);
  return (
    <PeriodBarsCard
      title={t('overview.income')}
      period={period}
      bars={bars}
      series={{ name: t('chart.income'), unit: currency }}
      // Money in the currency's own format ("€1,234.50", "1.234,50 €"), never "1.23k EUR"; no
      // figure until the first answer names the currency.
      sumText={(sum) => (currency ? formatters().money(sum, currency) : null)}
      sumTestId="income-sum"
    />
  );
}
