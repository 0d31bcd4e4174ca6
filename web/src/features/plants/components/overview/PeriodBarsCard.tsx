import { Card, Spin, Typography } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PeriodRange } from '../../api';
import { EChart } from '../../../../shared/charts/EChart';
import { type BarPoint, barsOption } from '../../charts/options';
import { chartText } from '../../../../shared/charts/chart-text';
import { PeriodPicker, type PickedPeriod } from './PeriodPicker';

/**
 * The bars with the generation before monitoring as a labelled bar of its own in front, so the
 * bars add up to the lifetime figure; none while the plant has no offset.
 */
function withBeforeMonitoring(
  points: BarPoint[],
  beforeMonitoring: number | undefined,
  label: string,
): BarPoint[] {
  if (!beforeMonitoring) return points;
  return [{ period: label, value: beforeMonitoring, isBeforeMonitoring: true }, ...points];
}

/** Bars over a picked period (the whole lifetime included), the period's sum above them. */
export function PeriodBarsCard<Range extends PeriodRange>(props: {
  title: string;
  period: PickedPeriod<Range>;
  bars: { points: BarPoint[]; isFetching: boolean; beforeMonitoring?: number | undefined };
  /** The series as the chart names it, and its unit. */
  series: { name: string; unit: string };
  /** The sum as text; null while it cannot be told yet (the line stays, blank). */
  sumText: (sum: number) => string | null;
  sumTestId: string;
}): ReactNode {
  const { t } = useTranslation('plants');
  const { isFetching, beforeMonitoring } = props.bars;
  const { name, unit } = props.series;
  const beforeMonitoringLabel = t('chart.beforeMonitoring');
  const points = useMemo(
    () => withBeforeMonitoring(props.bars.points, beforeMonitoring, beforeMonitoringLabel),
    [props.bars.points, beforeMonitoring, beforeMonitoringLabel],
  );
  const sumText = props.sumText(points.reduce((total, point) => total + point.value, 0));
  const option = useMemo(() => barsOption(points, name, unit, chartText()), [points, name, unit]);

  return (
    <Card title={props.title} extra={<PeriodPicker period={props.period} />}>
      <Typography.Text type="secondary" data-testid={props.sumTestId}>
        {sumText === null ? '\u00a0' : t('overview.periodSum', { value: sumText })}
      </Typography.Text>
      <Spin spinning={isFetching && points.length === 0}>
        <EChart option={option} />
      </Spin>
    </Card>
  );
}
