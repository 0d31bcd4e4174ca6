import { DEVICE_FAMILIES, type GenericFamilyId } from '@solar/contract';
import { Card, Empty, Space } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dayChartOption } from '../../inverters/charts/day-options';
import { DayNavigator } from '../../inverters/components/DayNavigator';
import { ExportButton } from '../../exports/ExportButton';
import { EChart } from '../../../shared/charts/EChart';
import { useFamilyDay } from '../api';
import { valueLabel } from '../format';

/** The family's day curves (its descriptor's `series`) over one plant-local day. */
export function FamilyDayCard(props: {
  family: GenericFamilyId;
  sn: string;
  date: string;
  today: string;
  onDateChange: (date: string) => void;
}): ReactNode {
  const { t } = useTranslation('devices');
  const day = useFamilyDay(props.family, props.sn, props.date);
  const fields = DEVICE_FAMILIES[props.family].series;
  const option = useMemo(
    () =>
      day.data && day.data.series.length > 0
        ? dayChartOption({
            series: day.data.series,
            labelOf: (key) => valueLabel(fields, key, t),
            timeZone: day.data.timeZone,
            from: day.data.from,
            to: day.data.to,
          })
        : null,
    [day.data, fields, t],
  );
  return (
    <Card
      title={t('day')}
      loading={day.isPending}
      extra={
        <Space>
          <DayNavigator date={props.date} today={props.today} onChange={props.onDateChange} />
          <ExportButton
            selection={{ kind: 'deviceDay', sn: props.sn, date: props.date }}
            permission={DEVICE_FAMILIES[props.family].permission}
          />
        </Space>
      }
    >
      {option ? <EChart option={option} height={320} /> : <Empty description={t('noCurves')} />}
    </Card>
  );
}
