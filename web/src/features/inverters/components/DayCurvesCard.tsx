import { DownloadOutlined } from '@ant-design/icons';
import {
  CHART_SELECTION_RULES,
  fitSelection,
  SERIES_GROUPS,
  type SeriesGroup,
} from '@solar/contract';
import { Button, Card, Empty, Segmented, Space } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '../../exports/ExportButton';
import { EChart } from '../../../shared/charts/EChart';
import { downloadDayCsv, useDayCurves } from '../api';
import { dayChartOption } from '../charts/day-options';
import { useParameterLabel } from '../parameter-label';

/**
 * The day curves of one plant-local day, one group at a time (input, output, grid, generation,
 * and the plant's meter, battery, EPS and load when there are values), and the CSV of the day.
 */
export function DayCurvesCard({ sn, date }: { sn: string; date: string }): ReactNode {
  const { t } = useTranslation('inverters');
  const day = useDayCurves(sn, date);
  const labelOf = useParameterLabel();
  const [chosen, setChosen] = useState<SeriesGroup>('generation');
  const present = SERIES_GROUPS.filter((group) =>
    day.data?.series.some((series) => series.group === group),
  );
  const group = present.includes(chosen) ? chosen : (present[0] ?? chosen);
  const option = useMemo(() => {
    if (!day.data) return null;
    const ofGroup = day.data.series.filter((series) => series.group === group);
    const keys = fitSelection(
      ofGroup.map((series) => series.key),
      CHART_SELECTION_RULES.series,
    );
    return dayChartOption({
      series: ofGroup.filter((series) => keys.includes(series.key)),
      labelOf,
      timeZone: day.data.timeZone,
      from: day.data.from,
      to: day.data.to,
    });
  }, [day.data, group, labelOf]);

  return (
    <Card
      title={t('day.title')}
      loading={day.isPending}
      extra={
        <Space>
          <Button
            size="small"
            icon={<DownloadOutlined />}
            onClick={() => void downloadDayCsv(sn, date).catch(() => null)}
          >
            {t('day.csv')}
          </Button>
          <ExportButton selection={{ kind: 'deviceDay', sn, date }} permission="inverter.view" />
        </Space>
      }
    >
      {present.length === 0 ? (
        <Empty description={t('day.empty')} />
      ) : (
        <>
          <Segmented<SeriesGroup>
            value={group}
            onChange={setChosen}
            options={present.map((value) => ({ value, label: t(`group.${value}`) }))}
          />
          {option && <EChart option={option} height={320} />}
        </>
      )}
    </Card>
  );
}
