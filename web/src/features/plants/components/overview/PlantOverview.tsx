import { ErrorCode } from '@solar/contract';
import { Card, Col, Result, Row, Space, Spin, Typography } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlant, usePlantDevices, usePlantRealtime } from '../../api';
import { plantMoment } from '../../format';
import { EnergyFlowCard } from '../energy-flow/EnergyFlowCard';
import { DevicesCard } from './DevicesCard';
import { EnergyBarsCard } from './EnergyBarsCard';
import { EnvironmentCard } from './EnvironmentCard';
import { EventsCard } from './EventsCard';
import { IncomeCard } from './IncomeCard';
import { KeyFigures } from './KeyFigures';
import { OverviewActions } from './OverviewActions';
import { PowerCurveCard } from './PowerCurveCard';
import { WeatherCard } from './WeatherCard';
import { StatusTag } from '../StatusTag';
import { PlantNotFound } from './PlantNotFound';
import { PlantCamerasCard } from '../../../video/components/PlantCamerasCard';

export function PlantOverview({ id }: { id: number }) {
  const { t } = useTranslation('plants');
  const areaRef = useRef<HTMLDivElement>(null);
  const plant = usePlant(id);
  const realtime = usePlantRealtime(id);
  const devices = usePlantDevices(id);

  if (plant.error?.code === ErrorCode.plantNotFound) return <PlantNotFound />;
  if (plant.error || realtime.error)
    return <Result status="error" title={t('overview.loadFailed')} />;
  if (!plant.data || !realtime.data)
    return <Spin size="large" style={{ display: 'block', margin: '96px auto' }} />;
  const { localDate } = realtime.data;

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
                <StatusTag status={realtime.data.status} />
              </Space>
              <Typography.Text type="secondary">
                {[plant.data.address, realtime.data.timeZone].filter(Boolean).join(' · ')}
              </Typography.Text>
              <Typography.Text type="secondary" data-testid="last-update">
                {t('overview.lastUpdate', {
                  time: realtime.data.lastUpdate
                    ? plantMoment(realtime.data.lastUpdate, realtime.data.timeZone)
                    : '-',
                })}
              </Typography.Text>
            </Space>
            <OverviewActions plant={plant.data} area={areaRef} />
          </Space>
        </Card>
        <KeyFigures id={id} realtime={realtime.data} />
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={16}>
            <PowerCurveCard id={id} localDate={localDate} timeZone={realtime.data.timeZone} />
          </Col>
          <Col xs={24} xl={8}>
            <EnergyFlowCard
              id={id}
              plantName={plant.data.name}
              powerW={realtime.data.powerW}
              devices={devices.data}
            />
          </Col>
          <Col xs={24} xl={12}>
            <EnergyBarsCard id={id} localDate={localDate} />
          </Col>
          <Col xs={24} xl={12}>
            <IncomeCard id={id} localDate={localDate} />
          </Col>
          <Col xs={24} xl={12}>
            <EnvironmentCard id={id} />
          </Col>
          <Col xs={24} xl={12}>
            <WeatherCard devices={devices.data} />
          </Col>
          <Col span={24}>
            <DevicesCard
              plantId={id}
              devices={devices.data}
              canManage={plant.data.access === 'manage'}
            />
          </Col>
          <Col span={24}>
            <EventsCard id={id} timeZone={realtime.data.timeZone} />
          </Col>
          <Col span={24}>
            <PlantCamerasCard plantId={id} />
          </Col>
        </Row>
      </Space>
    </div>
  );
}
