import { formatEnergy, joinValueUnit, PERIOD_RANGES } from '@solar/contract';
import { Card, Spin, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type PeriodRange, usePlantEnergyBars } from '../../api';
import { EChart } from '../../charts/EChart';
import { barsOption } from '../../charts/options';
import { chartText } from '../../format';
import { PeriodPicker } from './PeriodPicker';

export function EnergyBarsCard({ id, localDate }: { id: number; localDate: string }) {
  const { t } = useTranslation('plants');
  const today = dayjs(localDate);
  const [range, setRange] = useState<PeriodRange>('month');
  const [date, setDate] = useState<Dayjs>(today);
  const { points, isFetching } = usePlantEnergyBars(id, range, date);
  const sum = points.reduce((total, point) => total + point.value, 0);
  const option = useMemo(
    () => barsOption(points, t('chart.energy'), 'kWh', chartText()),
    [points, t],
  );

  return (
    <Card
      title={t('overview.energy')}
      extra={
        <PeriodPicker
          ranges={PERIOD_RANGES}
          range={range}
          date={date}
          today={today}
          onChange={(nextRange, nextDate) => {
            setRange(nextRange);
            setDate(nextDate);
          }}
        />
      }
    >
      <Typography.Text type="secondary" data-testid="energy-sum">
        {t('overview.periodSum', { value: joinValueUnit(formatEnergy(sum)) })}
      </Typography.Text>
      <Spin spinning={isFetching && points.length === 0}>
        <EChart option={option} />
      </Spin>
    </Card>
  );
}
