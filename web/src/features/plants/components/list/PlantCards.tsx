import { Card, Col, Descriptions, Empty, Pagination, Row, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { PlantListItem, PlantListQuery } from '../../api';
import { capacityText, energyText, powerFromWatts } from '../../../../shared/format/formatters';
import { StatusTag } from '../../../../shared/plant-status/StatusTag';

interface PlantCardsProps {
  plants: readonly PlantListItem[];
  total: number;
  query: PlantListQuery;
  isLoading: boolean;
  onPage: (page: number, size: number) => void;
}

export function PlantCards({ plants, total, query, isLoading, onPage }: PlantCardsProps) {
  const { t } = useTranslation('plants');
  const navigate = useNavigate();
  if (!isLoading && plants.length === 0) return <Empty />;

  return (
    <Spin spinning={isLoading}>
      <Row gutter={[16, 16]}>
        {plants.map((plant) => (
          <Col key={plant.id} xs={24} sm={12} lg={8} xxl={6}>
            <Card
              hoverable
              data-testid="plant-card"
              onClick={() => void navigate(`/plants/overview/${plant.id}`)}
              cover={
                plant.pictureUrl ? (
                  <img
                    alt={plant.name}
                    src={plant.pictureUrl}
                    style={{ height: 140, objectFit: 'cover' }}
                  />
                ) : undefined
              }
            >
              <Card.Meta title={plant.name} description={plant.address ?? ''} />
              <div style={{ margin: '12px 0' }}>
                <StatusTag status={plant.status} />
              </div>
              <Descriptions
                size="small"
                column={1}
                items={[
                  {
                    key: 'power',
                    label: t('field.currentPower'),
                    children: powerFromWatts(plant.powerW),
                  },
                  {
                    key: 'today',
                    label: t('field.todayEnergy'),
                    children: energyText(plant.todayKwh),
                  },
                  {
                    key: 'capacity',
                    label: t('field.capacity'),
                    children: capacityText(plant.capacityKwp),
                  },
                ]}
              />
            </Card>
          </Col>
        ))}
      </Row>
      <Pagination
        style={{ marginTop: 16 }}
        align="end"
        current={query.page}
        pageSize={query.size}
        total={total}
        showSizeChanger
        showTotal={(count) => t('list.total', { count })}
        onChange={onPage}
      />
    </Spin>
  );
}
