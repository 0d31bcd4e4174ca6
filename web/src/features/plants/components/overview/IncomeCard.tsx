import { Card, Spin, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type IncomeRange, usePlantIncomeBars } from '../../api';
import { EChart } from '../../charts/EChart';
import { barsOption } from '../../charts/options';
import { chartText, formatters } from '../../format';
import { PeriodPicker } from './PeriodPicker';

const INCOME_RANGES: readonly IncomeRange[] = ['month', 'year', 'total'];

export function IncomeCard({ id, localDate }: { id: number; localDate: string }) {
  const { t } = useTranslation('plants');
  const today = dayjs(localDate);
  const [range, setRange] = useState<IncomeRange>('month');
  const [date, setDate] = useState<Dayjs>(today);
  const { currency = '', points, isFetching } = usePlantIncomeBars(id, range, date);
  const sum = points.reduce((total, point) => total + point.value, 0);
  // Money in the currency's own format ("€1,234.50", "1.234,50 €"), never "1.23k EUR"; no
  // figure until the first answer names the currency.
  const sumText = currency ? formatters().money(sum, currency) : null;
  const option = useMemo(
    () => barsOption(points, t('chart.income'), currency, chartText()),
    [points, t, currency],
  );

  return (
    <Card
      title={t('overview.income')}
      extra={
        <PeriodPicker
          ranges={INCOME_RANGES}
          range={range}
          date={date}
          today={today}
          onChange={(nextRange, nextDate) => {
            setRange(nextRange === 'day' ? 'month' : nextRange);
            setDate(nextDate);
          }}
        />
      }
    >
      <Typography.Text type="secondary" data-testid="income-sum">
        {sumText === null ? '\u00a0' : t('overview.periodSum', { value: sumText })}
      </Typography.Text>
      <Spin spinning={isFetching && points.length === 0}>
        <EChart option={option} />
      </Spin>
    </Card>
  );
}
