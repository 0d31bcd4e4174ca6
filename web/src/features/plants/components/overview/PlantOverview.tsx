import { ErrorCode, type PlantDetail } from '@solar/contract';
import { Card, Col, Result, Row, Skeleton, Space, Typography } from 'antd';
import { memo, useDeferredValue, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type PlantLive, useFollowLiveChanges, usePlant, usePlantLive } from '../../api';
import { plantMoment } from '../../../../shared/format/formatters';
import { EnergyFlowCard } from '../energy-flow/EnergyFlowCard';
import { EnergyBarsCard } from './EnergyBarsCard';
import { EnvironmentCard } from './EnvironmentCard';
import { IncomeCard } from './IncomeCard';
import { KeyFigures } from './KeyFigures';
import { LazyDevicesCard, LazyEventsCard, LazyPlantCamerasCard } from './LazyCards';
import { OverviewActions } from './OverviewActions';
import { PowerCurveCard } from './PowerCurveCard';
import { WeatherCard } from './WeatherCard';
import { LostThisMonthCard } from '../../../alarms/components/LostThisMonthCard';
import { StatusTag } from '../../../../shared/plant-status/StatusTag';
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
  const plant = usePlant(id);
  const live = usePlantLive(id);
  useFollowLiveChanges(live.data?.changes);
  const answers = useMemo(
    () => (plant.data && live.data ? { plant: plant.data, live: live.data } : null),
    [plant.data, live.data],
  );
  // The page's answers arrive in a render that cannot pause; drawing every card from them then
  // blocked a phone's main thread for a third of a second. Deferred, React draws them in slices
  // between which the page stays responsive (the skeleton or the previous figures meanwhile).
  const shown = useDeferredValue(answers);

  if (plant.error?.code === ErrorCode.plantNotFound) return <PlantNotFound />;
  if (plant.error || live.error) return <Result status="error" title={t('overview.loadFailed')} />;
  if (!shown) return <OverviewSkeleton />;
  return <OverviewCards id={id} plant={shown.plant} live={shown.live} />;
}

/** Memoised: the urgent render that brings new answers passes the previous ones and skips it. */
const OverviewCards = memo(function OverviewCards({
  id,
  plant,
  live,
}: {
  id: number;
  plant: PlantDetail;
  live: PlantLive;
}) {
  const { t } = useTranslation('plants');
  const areaRef = useRef<HTMLDivElement>(null);
  const { realtime, devices } = live;
  const { localDate } = realtime;

  return (
    <div ref={areaRef} className="plant-print-area">
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Card>
          <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
            <Space orientation="vertical" size={0}>
              <Space>
                <Typography.Title level={4} style={{ margin: 0 }}>
                  {plant.name}
                </Typography.Title>
                <StatusTag status={realtime.status} />
              </Space>
              <Typography.Text type="secondary">
                {[plant.address, realtime.timeZone].filter(Boolean).join(' · ')}
              </Typography.Text>
              <Typography.Text type="secondary" data-testid="last-update">
                {t('overview.lastUpdate', {
                  time: realtime.lastUpdate
                    ? plantMoment(realtime.lastUpdate, realtime.timeZone)
                    : '-',
                })}
              </Typography.Text>
            </Space>
            <OverviewActions plant={plant} area={areaRef} />
          </Space>
        </Card>
        <KeyFigures live={live} />
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={16}>
            <PowerCurveCard id={id} localDate={localDate} timeZone={realtime.timeZone} />
          </Col>
          <Col xs={24} xl={8}>
            <EnergyFlowCard
              flow={live.energyFlow}
              plantName={plant.name}
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
            <EnvironmentCard data={live.environmental} />
          </Col>
          <Col xs={24} xl={12}>
            <WeatherCard devices={devices} />
          </Col>
          <Col xs={24} xl={12}>
            <LostThisMonthCard id={id} />
          </Col>
          <Col span={24}>
            <LazyDevicesCard
              plantId={id}
              devices={devices}
              canManage={plant.access === 'manage'}
              timeZone={realtime.timeZone}
            />
          </Col>
          <Col span={24}>
            <LazyEventsCard id={id} timeZone={realtime.timeZone} counts={live.eventCount} />
          </Col>
          <Col span={24}>
            <LazyPlantCamerasCard plantId={id} />
          </Col>
        </Row>
      </Space>
    </div>
  );
});
