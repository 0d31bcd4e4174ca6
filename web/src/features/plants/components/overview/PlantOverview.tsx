import { ErrorCode } from '@solar/contract';
import { Card, Col, Result, Row, Skeleton, Space, Typography } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFollowLiveChanges, usePlant, usePlantLive } from '../../api';
import { plantMoment } from '../../format';
import { EnergyFlowCard } from '../energy-flow/EnergyFlowCard';
import { EnergyBarsCard } from './EnergyBarsCard';
import { EnvironmentCard } from './EnvironmentCard';
import { IncomeCard } from './IncomeCard';
import { KeyFigures } from './KeyFigures';
import { LazyDevicesCard, LazyEventsCard, LazyPlantCamerasCard } from './LazyCards';
import { OverviewActions } from './OverviewActions';
import { PowerCurveCard } from './PowerCurveCard';
import { WeatherCard } from './WeatherCard';
import { StatusTag } from '../StatusTag';
import { PlantNotFound } from './PlantNotFound';

/** The page's outline while its first answers are on their way, instead of a blank page. */
function OverviewSkeleton() {
  return (
    <Space
      orientation="vertical"
      size={16}
      style={{ width: '100%' }}
      data-testid="overview-skeleton"
    >
      <Card>
        <Skeleton active paragraph={{ rows: 2 }} />
      </Card>
      <Row gutter={[16, 16]}>
        {[16, 8, 12, 12].map((span, index) => (
          <Col key={index} xs={24} xl={span}>
            <Card>
              <Skeleton active paragraph={{ rows: 5 }} />
            </Card>
          </Col>
        ))}
      </Row>
    </Space>
  );
}

export function PlantOverview({ id }: { id: number }) {
  const { t } = useTranslation('plants');
  const areaRef = useRef<HTMLDivElement>(null);
  const plant = usePlant(id);
  const live = usePlantLive(id);
  useFollowLiveChanges(live.data?.changes);

  if (plant.error?.code === ErrorCode.plantNotFound) return <PlantNotFound />;
  if (plant.error || live.error) return <Result status="error" title={t('overview.loadFailed')} />;
  if (!plant.data || !live.data) return <OverviewSkeleton />;
  const { realtime, devices } = live.data;
  const { localDate } = realtime;

  return (
    <div ref={areaRef} className="plant-print-area">
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Card>
          <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
            <Space orientation="vertical" size={0}>
              <Space>
                <Typography.Title level={4} style={{ margin: 0 }}>
                  {plant.data.name}
                </Typography.Title>
                <StatusTag status={realtime.status} />
              </Space>
              <Typography.Text type="secondary">
                {[plant.data.address, realtime.timeZone].filter(Boolean).join(' · ')}
              </Typography.Text>
              <Typography.Text type="secondary" data-testid="last-update">
                {t('overview.lastUpdate', {
                  time: realtime.lastUpdate
                    ? plantMoment(realtime.lastUpdate, realtime.timeZone)
                    : '-',
                })}
              </Typography.Text>
            </Space>
            <OverviewActions plant={plant.data} area={areaRef} />
          </Space>
        </Card>
        <KeyFigures live={live.data} />
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={16}>
            <PowerCurveCard id={id} localDate={localDate} timeZone={realtime.timeZone} />
          </Col>
          <Col xs={24} xl={8}>
            <EnergyFlowCard
              flow={live.data.energyFlow}
              plantName={plant.data.name}
              powerW={realtime.powerW}
              devices={devices}
            />
          </Col>
          <Col xs={24} xl={12}>
            <EnergyBarsCard id={id} localDate={localDate} />
          </Col>
          <Col xs={24} xl={12}>
            <IncomeCard id={id} localDate={localDate} />
          </Col>
          <Col xs={24} xl={12}>
            <EnvironmentCard data={live.data.environmental} />
          </Col>
          <Col xs={24} xl={12}>
            <WeatherCard devices={devices} />
          </Col>
          <Col span={24}>
            <LazyDevicesCard
              plantId={id}
              devices={devices}
              canManage={plant.data.access === 'manage'}
            />
          </Col>
          <Col span={24}>
            <LazyEventsCard id={id} timeZone={realtime.timeZone} counts={live.data.eventCount} />
          </Col>
          <Col span={24}>
            <LazyPlantCamerasCard plantId={id} />
          </Col>
        </Row>
      </Space>
    </div>
  );
}
