import { Card, Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatters } from '../../plants/format';
import type { Portfolio } from '../api';

const KG_PER_TONNE = 1000;

export function FleetTotals({ totals }: { totals: Portfolio['totals'] }) {
  const { t } = useTranslation('plants');
  const format = formatters();
  const income =
    totals.incomes.length === 0
      ? '-'
      : totals.incomes.map((entry) => format.money(entry.amount, entry.currency)).join(' · ');
  const figures = [
    { key: 'power', title: t('dashboard.powerNow'), value: format.powerW(totals.powerW) },
    { key: 'today', title: t('field.todayEnergy'), value: format.energyKwh(totals.todayKwh) },
    { key: 'month', title: t('field.monthEnergy'), value: format.energyKwh(totals.monthKwh) },
    {
      key: 'lifetime',
      title: t('figure.lifetimeEnergy'),
      value: format.energyKwh(totals.lifetimeKwh),
    },
    { key: 'income', title: t('field.totalIncome'), value: income },
    {
      key: 'co2',
      title: t('dashboard.co2Avoided'),
      value: `${format.decimal(totals.co2Kg / KG_PER_TONNE, 1)} t`,
    },
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
