import { Card, DatePicker, Empty, Spin } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlantPowerCurve } from '../../api';
import { EChart } from '../../charts/EChart';
import { powerCurveOption } from '../../charts/options';

/** `localDate` is the plant-local today; the picker chooses plant-local days. */
export function PowerCurveCard({ id, localDate }: { id: number; localDate: string }) {
  const { t } = useTranslation('plants');
  const today = dayjs(localDate);
  const [date, setDate] = useState<Dayjs>(today);
  const isToday = date.isSame(today, 'day');
  const { data, isFetching } = usePlantPowerCurve(id, date.format('YYYY-MM-DD'), isToday);
  const option = useMemo(
    () =>
      powerCurveOption(data?.points ?? [], {
        pv: t('chart.pv'),
        grid: t('chart.grid'),
        battery: t('chart.battery'),
        load: t('chart.load'),
      }),
    [data, t],
  );

  return (
    <Card
      title={t('overview.powerCurve')}
      extra={
        <DatePicker
          allowClear={false}
          value={date}
          disabledDate={(candidate) => candidate.isAfter(today, 'day')}
          onChange={(next: Dayjs | null) => setDate(next ?? today)}
        />
      }
    >
      <Spin spinning={isFetching && !data}>
        {data && data.points.length === 0 ? <Empty /> : <EChart option={option} />}
      </Spin>
    </Card>
  );
}
