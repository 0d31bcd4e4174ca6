import { formatEnergy, formatPower, type FormattedValue } from '@solar/contract';
import { Card, Col, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type PlantRealtime, usePlantIncomeTotal } from '../../api';
import { StatusTag } from '../StatusTag';

function Figure({ title, figure }: { title: string; figure: FormattedValue }) {
  return (
    <Col xs={12} md={8} xl={6} xxl={3}>
      <Card size="small">
        <Statistic title={title} value={figure.value} suffix={figure.unit} />
      </Card>
    </Col>
  );
}

export function KeyFigures({ id, realtime }: { id: number; realtime: PlantRealtime }) {
  const { t } = useTranslation('plants');
  const { data: income } = usePlantIncomeTotal(id);
  const capacity = formatPower(realtime.capacityKwp);

  return (
    <Row gutter={[12, 12]} data-testid="key-figures">
      <Figure title={t('field.currentPower')} figure={formatPower(realtime.powerW / 1000)} />
      <Figure title={t('field.todayEnergy')} figure={formatEnergy(realtime.todayKwh)} />
      <Figure title={t('field.monthEnergy')} figure={formatEnergy(realtime.monthKwh)} />
      <Figure title={t('field.yearEnergy')} figure={formatEnergy(realtime.yearKwh)} />
      <Figure title={t('field.totalEnergy')} figure={formatEnergy(realtime.totalKwh)} />
      <Figure
        title={t('field.capacity')}
        figure={{ value: capacity.value, unit: `${capacity.unit}p` }}
      />
      <Figure
        title={t('field.totalIncome')}
        figure={{ value: income ? income.income.toFixed(2) : '-', unit: income?.currency ?? '' }}
      />
      <Col xs={12} md={8} xl={6} xxl={3}>
        <Card size="small">
          <Typography.Text type="secondary">{t('field.status')}</Typography.Text>
          <div style={{ marginTop: 8 }}>
            <StatusTag status={realtime.status} />
          </div>
        </Card>
      </Col>
    </Row>
  );
}
