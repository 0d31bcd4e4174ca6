import { Card, Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { StatusTag } from '../../../shared/plant-status/StatusTag';
import { formatters } from '../../../shared/format/formatters';
import type { PortfolioPlant } from '../api';
import { Sparkline } from './Sparkline';

function PlantCard({ plant }: { plant: PortfolioPlant }) {
  const { t } = useTranslation('plants');
  const format = formatters();
  return (
    <Card
      size="small"
      data-testid={`plant-card-${plant.id}`}
      cover={
        plant.pictureUrl ? (
          <img alt="" src={plant.pictureUrl} style={{ height: 96, objectFit: 'cover' }} />
        ) : undefined
      }
      title={
        <Link to={`/plants/overview/${plant.id}`} style={{ whiteSpace: 'normal' }}>
          {plant.name}
        </Link>
      }
      extra={<StatusTag status={plant.status} />}
    >
      <Sparkline
        values={plant.hourlyPowerW}
        maxW={plant.capacityKwp * 1000}
        label={t('dashboard.sparkline', { name: plant.name })}
      />
      <Row gutter={8} style={{ marginTop: 8 }}>
        <Col span={12}>
          <Typography.Text type="secondary">{t('field.currentPower')}</Typography.Text>
          <div>{format.powerW(plant.powerW)}</div>
        </Col>
        <Col span={12}>
          <Typography.Text type="secondary">{t('field.todayEnergy')}</Typography.Text>
          <div>{format.energyKwh(plant.todayKwh)}</div>
          {plant.todayYield !== null && (
            <Typography.Text type="secondary">
              {format.specificYield(plant.todayYield)}
            </Typography.Text>
          )}
        </Col>
      </Row>
    </Card>
  );
}

export function PlantCardGrid({ plants }: { plants: readonly PortfolioPlant[] }) {
  return (
    <Row gutter={[12, 12]}>
      {plants.map((plant) => (
        <Col key={plant.id} xs={24} sm={12} lg={8} xxl={6}>
          <PlantCard plant={plant} />
        </Col>
      ))}
    </Row>
  );
}
