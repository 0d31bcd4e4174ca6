import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Card, DatePicker, Empty, Skeleton, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlantPowerCurve } from '../../api';
import { EChart } from '../../../../shared/charts/EChart';
import { powerCurveOption } from '../../charts/options';
import { chartText } from '../../../../shared/charts/chart-text';

interface PowerCurveCardProps {
  id: number;
  /** The plant-local today; the picker chooses plant-local days. */
  localDate: string;
  timeZone: string;
}

export function PowerCurveCard({ id, localDate, timeZone }: PowerCurveCardProps) {
  const { t } = useTranslation('plants');
  const today = dayjs(localDate);
  const [date, setDate] = useState<Dayjs>(today);
  const isToday = date.isSame(today, 'day');
  const { data } = usePlantPowerCurve(id, date.format('YYYY-MM-DD'));
  const option = useMemo(
    () =>
      powerCurveOption(
        data?.points ?? [],
        {
          pv: t('chart.pv'),
          grid: t('chart.grid'),
          battery: t('chart.battery'),
          load: t('chart.load'),
        },
        chartText(timeZone),
      ),
    [data, t, timeZone],
  );

  return (
    <Card
      title={t('overview.powerCurve')}
      extra={
        <Space.Compact>
          <Button
            aria-label={t('overview.previousDay')}
            icon={<LeftOutlined />}
            onClick={() => setDate(date.subtract(1, 'day'))}
          />
          <DatePicker
            allowClear={false}
            value={date}
            style={{ width: 136 }}
            disabledDate={(candidate) => candidate.isAfter(today, 'day')}
            onChange={(next: Dayjs | null) => setDate(next ?? today)}
          />
          <Button
            aria-label={t('overview.nextDay')}
            icon={<RightOutlined />}
            disabled={isToday}
            onClick={() => setDate(date.add(1, 'day'))}
          />
        </Space.Compact>
      }
    >
      {!data ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : data.points.length === 0 ? (
        <Empty />
      ) : (
        <EChart option={option} />
      )}
    </Card>
  );
}
