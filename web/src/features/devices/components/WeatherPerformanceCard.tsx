import { weatherPerformance, withThousandSeparators } from '@solar/contract';
import { Card, Table } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../../shared/api/hooks';
import { energyText } from '../../../shared/format/formatters';

/** A weather station's plant performance ratio per day: yield / (irradiation × kWp). */
export function WeatherPerformanceCard({ sn }: { sn: string }): ReactNode {
  const { t } = useTranslation('devices');
  const performance = useApiQuery(weatherPerformance, { params: { sn }, query: { days: 14 } });
  const days = [...(performance.data?.days ?? [])].reverse();
  return (
    <Card title={t('performance.title')} loading={performance.isPending}>
      <Table
        size="small"
        rowKey="date"
        pagination={false}
        dataSource={days}
        columns={[
          { key: 'date', title: t('performance.date'), dataIndex: 'date' },
          {
            key: 'irradiation',
            title: t('performance.irradiation'),
            render: (_, day) => `${withThousandSeparators(day.irradiationKwhM2, 2)} kWh/m²`,
          },
          {
            key: 'yield',
            title: t('performance.yield'),
            render: (_, day) => energyText(day.yieldKwh),
          },
          {
            key: 'ratio',
            title: t('performance.ratio'),
            render: (_, day) =>
              day.ratio === null ? '-' : `${withThousandSeparators(day.ratio * 100, 1)} %`,
          },
        ]}
      />
    </Card>
  );
}
