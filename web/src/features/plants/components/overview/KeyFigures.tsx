import { Card, Col, Row, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlantLive } from '../../api';
import { formatters } from '../../../../shared/format/formatters';

interface FigureProps {
  title: string;
  value: string;
  detail?: string | undefined;
  testId: string;
}

function Figure({ title, value, detail, testId }: FigureProps) {
  return (
    <Col xs={12} md={8} xl={6} xxl={3}>
      <Card size="small" style={{ height: '100%' }} data-testid={testId}>
        <Statistic title={title} value={value} valueStyle={{ fontSize: 20 }} />
        {detail && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {detail}
          </Typography.Text>
        )}
      </Card>
    </Col>
  );
}

function ratio(part: number, whole: number): number | null {
  return whole > 0 ? Math.min(1, part / whole) : null;
}

/**
 * The figures people look at first: power now against capacity, today's energy and specific
 * yield, today's peak, self-consumption and self-sufficiency where a meter measures them, then
 * the month, year, lifetime energy and income (with their part before monitoring).
 */
export function KeyFigures({ live }: { live: PlantLive }) {
  const { t } = useTranslation('plants');
  const format = formatters();
  const { realtime, incomeTotal: income, generationToday: use, peakPowerTodayW: peakW } = live;
  const capacity = realtime.capacityKwp;
  const powerShare = ratio(realtime.powerW / 1000, capacity);
  // The lifetime figures include the plant's generation before monitoring; say how much.
  const history = income.beforeMonitoring;
  const beforeMonitoring = (value: string) =>
    history.energyKwh === 0 ? undefined : t('figure.beforeMonitoring', { value });
  const selfConsumption = use.hasMeter ? use.selfConsumptionRatio : null;
  const selfSufficiency = use.hasMeter
    ? ratio(use.selfConsumptionKwh, use.selfConsumptionKwh + use.importKwh)
    : null;

  const figures: (FigureProps | null)[] = [
    {
      testId: 'figure-power',
      title: t('field.currentPower'),
      value: format.powerW(realtime.powerW),
      detail:
        powerShare === null
          ? undefined
          : t('figure.ofCapacity', {
              percent: format.percent(powerShare),
              capacity: format.capacityKwp(capacity),
            }),
    },
    {
      testId: 'figure-today',
      title: t('field.todayEnergy'),
      value: format.energyKwh(realtime.todayKwh),
      detail: capacity > 0 ? format.specificYield(realtime.todayKwh / capacity) : undefined,
    },
    {
      testId: 'figure-peak',
      title: t('figure.peakToday'),
      value: format.powerW(peakW),
    },
    selfConsumption === null
      ? null
      : {
          testId: 'figure-self-consumption',
          title: t('figure.selfConsumption'),
          value: format.percent(selfConsumption),
        },
    selfSufficiency === null
      ? null
      : {
          testId: 'figure-self-sufficiency',
          title: t('figure.selfSufficiency'),
          value: format.percent(selfSufficiency),
        },
    {
      testId: 'figure-month',
      title: t('field.monthEnergy'),
      value: format.energyKwh(realtime.monthKwh),
    },
    {
      testId: 'figure-year',
      title: t('field.yearEnergy'),
      value: format.energyKwh(realtime.yearKwh),
    },
    {
      testId: 'figure-lifetime',
      title: t('figure.lifetimeEnergy'),
      value: format.energyKwh(realtime.totalKwh),
      detail: beforeMonitoring(format.energyKwh(history.energyKwh)),
    },
    {
      testId: 'figure-income',
      title: t('field.totalIncome'),
      value: format.money(income.income, income.currency),
      detail: beforeMonitoring(format.money(history.income, income.currency)),
    },
  ];

  return (
    <Row gutter={[12, 12]} data-testid="key-figures">
      {figures.map((figure): ReactNode => figure && <Figure key={figure.testId} {...figure} />)}
    </Row>
  );
}
