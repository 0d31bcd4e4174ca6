import { Card, Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Portfolio } from '../api';
import { fleetFigureValues } from '../fleet-figures';

export function FleetTotals({ totals }: { totals: Portfolio['totals'] }) {
  const { t } = useTranslation('plants');
  const values = fleetFigureValues(totals);
  const figures = [
    { key: 'power', title: t('dashboard.powerNow'), value: values.power },
    { key: 'today', title: t('field.todayEnergy'), value: values.today },
    { key: 'month', title: t('field.monthEnergy'), value: values.month },
    { key: 'lifetime', title: t('figure.lifetimeEnergy'), value: values.lifetime },
    { key: 'income', title: t('field.totalIncome'), value: values.income },
    { key: 'co2', title: t('dashboard.co2Avoided'), value: values.co2 },
  ];
  return (
    <Row gutter={[12, 12]} data-testid="fleet-totals">
      {figures.map((figure) => (
        <Col key={figure.key} xs={12} md={8} xl={4}>
          <Card size="small" style={{ height: '100%' }} data-testid={`fleet-${figure.key}`}>
            <Statistic title={figure.title} value={figure.value} valueStyle={{ fontSize: 20 }} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
