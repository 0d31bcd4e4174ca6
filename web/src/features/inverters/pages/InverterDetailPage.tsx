import { InverterControls } from '../components/InverterControls';
import { ErrorCode } from '@solar/contract';
import { Button, Card, Col, Descriptions, Result, Row, Space, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { StatusTag } from '../../../shared/plant-status/StatusTag';
import {
  capacityText,
  energyText,
  plantDay,
  plantMoment,
  powerFromWatts,
} from '../../../shared/format/formatters';
import { usePermission } from '../../../shared/permissions/Permit';
import { InverterDcPeakModal } from '../components/InverterDcPeakModal';
import { useInverterDetail } from '../api';
import { CustomChartCard } from '../components/CustomChartCard';
import { DayCurvesCard } from '../components/DayCurvesCard';
import { DayNavigator } from '../components/DayNavigator';
import { RealtimeCard } from '../components/RealtimeCard';
import { modelText } from '../links';

type Detail = NonNullable<ReturnType<typeof useInverterDetail>['data']>;

/**
 * The DC peak power behind the inverter (its own or its share of the plant's capacity), and
 * the way to set it for a role holding `inverter.setting` on a plant it manages.
 */
function DcPeakText(props: { inverter: Detail }): ReactNode {
  const { t } = useTranslation('inverters');
  const { inverter } = props;
  const [isEditing, setEditing] = useState(false);
  const canSet = usePermission('inverter.setting') && inverter.canManage;
  return (
    <Space size={4}>
      {inverter.dcPeakKw === null ? '-' : capacityText(inverter.dcPeakKw)}
      {inverter.dcPeakKw !== null && !inverter.isDcPeakKwSet && (
        <Typography.Text type="secondary">({t('dcPeak.shared')})</Typography.Text>
      )}
      {canSet && (
        <>
          <Button type="link" size="small" onClick={() => setEditing(true)}>
            {t('dcPeak.edit')}
          </Button>
          <InverterDcPeakModal
            open={isEditing}
            onClose={() => setEditing(false)}
            inverter={inverter}
          />
        </>
      )}
    </Space>
  );
}

/**
 * The header of the detail page. `controls` is the place of the inverter's command buttons
 * (boot and shutdown, built with the command channel): rendered at the right of the title.
 */
export function InverterHeader(props: { inverter: Detail; controls?: ReactNode }): ReactNode {
  const { t } = useTranslation('inverters');
  const { inverter } = props;
  return (
    <Card
      title={
        <Space>
          <Typography.Text strong>{inverter.alias ?? inverter.sn}</Typography.Text>
          <StatusTag status={inverter.status} />
        </Space>
      }
      extra={<div data-testid="inverter-controls">{props.controls}</div>}
    >
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
        <Descriptions.Item label={t('field.sn')}>{inverter.sn}</Descriptions.Item>
        <Descriptions.Item label={t('field.plant')}>
          {inverter.plant ? (
            <Link to={`/plants/overview/${inverter.plant.id}`}>{inverter.plant.name}</Link>
          ) : (
            '-'
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('field.model')}>
          {modelText(
            { modelName: inverter.model.name, modelCode: inverter.model.code },
            t('model.unknown'),
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('field.ratedPower')}>
          {inverter.ratedPowerKw === null ? '-' : powerFromWatts(inverter.ratedPowerKw * 1000)}
        </Descriptions.Item>
        <Descriptions.Item label={t('field.dcPeak')}>
          <DcPeakText inverter={inverter} />
        </Descriptions.Item>
        <Descriptions.Item label={t('field.today')}>
          {energyText(inverter.todayKwh)}
        </Descriptions.Item>
        <Descriptions.Item label={t('field.datalogger')}>
          {inverter.datalogger.sn}
        </Descriptions.Item>
        <Descriptions.Item label={t('field.timeZone')}>{inverter.timeZone}</Descriptions.Item>
        <Descriptions.Item label={t('field.lastSeen')}>
          {inverter.lastSeenAt ? plantMoment(inverter.lastSeenAt, inverter.timeZone) : '-'}
        </Descriptions.Item>
        <Descriptions.Item label={t('field.createdAt')}>
          {plantDay(inverter.createdAt, inverter.timeZone)}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

/** `/device/inverter/:sn`: realtime values, day curves, the custom chart and the CSV of a day. */
export default function InverterDetailPage(): ReactNode {
  const { t } = useTranslation('inverters');
  const navigate = useNavigate();
  const sn = useParams().sn ?? '';
  const detail = useInverterDetail(sn);
  const [chosenDate, setDate] = useState<string | null>(null);

  if (detail.error?.code === ErrorCode.inverterNotFound) {
    return (
      <Result
        status="404"
        title={t('detail.notFound')}
        extra={
          <Button onClick={() => void navigate('/device/inverter')}>{t('detail.back')}</Button>
        }
      />
    );
  }
  if (!detail.data) return <Card loading />;
  const inverter = detail.data;
  const date = chosenDate ?? inverter.today;

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <InverterHeader
        inverter={inverter}
        controls={
          <InverterControls
            sn={inverter.sn}
            deviceName={inverter.alias ?? inverter.sn}
            plantName={inverter.plant?.name ?? null}
          />
        }
      />
      <RealtimeCard sn={inverter.sn} timeZone={inverter.timeZone} />
      <DayNavigator date={date} today={inverter.today} onChange={setDate} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <DayCurvesCard sn={inverter.sn} date={date} />
        </Col>
        <Col xs={24} xl={12}>
          <CustomChartCard sn={inverter.sn} date={date} />
        </Col>
      </Row>
    </Space>
  );
}
