import { Card, Col, Row, Statistic } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useWorkOrderKpis } from './api';
import { minutesText } from '../../shared/format/duration';

/** Mean time to acknowledge and to repair, and the open, overdue and done counts. */
export function WorkOrderKpis(props: { plantId?: number }): ReactNode {
  const { t } = useTranslation('workOrders');
  const kpis = useWorkOrderKpis(props.plantId).data;
  const meanText = (minutes: number | null | undefined) =>
    minutes === null || minutes === undefined ? '–' : minutesText(minutes);
  const cells: { key: string; title: string; value: string | number }[] = [
    { key: 'mtta', title: t('kpis.mtta'), value: meanText(kpis?.meanMinutesToAcknowledge) },
    { key: 'mttr', title: t('kpis.mttr'), value: meanText(kpis?.meanMinutesToRepair) },
    { key: 'open', title: t('kpis.open'), value: kpis?.open ?? '–' },
    { key: 'overdue', title: t('kpis.overdue'), value: kpis?.overdue ?? '–' },
    { key: 'done', title: t('kpis.done'), value: kpis?.done ?? '–' },
  ];
  return (
    <Row gutter={[12, 12]} style={{ marginBottom: 16 }}>
      {cells.map((cell) => (
        <Col key={cell.key} xs={12} sm={8} lg={4}>
          <Card size="small" data-testid={`kpi-${cell.key}`}>
            <Statistic title={cell.title} value={cell.value} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
