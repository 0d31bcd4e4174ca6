import { DEVICE_FAMILIES, ErrorCode, familyOfSlug, type GenericFamilyId } from '@solar/contract';
import { Card, Col, Descriptions, Result, Row, Space, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { StatusTag } from '../../../shared/plant-status/StatusTag';
import { useFamilyDetail } from '../api';
import { FamilyDayCard } from '../components/FamilyDayCard';
import { FamilySettingsCard } from '../components/FamilySettingsCard';
import { FamilyValues } from '../components/FamilyValues';
import { FAMILY_PANELS } from '../family-panels';
import { plantMoment } from '../../../shared/format/formatters';

function DeviceDetail(props: { family: GenericFamilyId; sn: string }): ReactNode {
  const { t } = useTranslation('devices');
  const { family, sn } = props;
  const detail = useFamilyDetail(family, sn);
  const [chosenDate, setDate] = useState<string | null>(null);
  const descriptor = DEVICE_FAMILIES[family];
  const Panel = FAMILY_PANELS[family];

  if (detail.error?.code === ErrorCode.deviceNotFound) {
    return <Result status="404" title={t('notFound')} />;
  }
  const device = detail.data;
  if (!device) return <Card loading />;
  const date = chosenDate ?? device.today;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title={
          <Space>
            <Typography.Text strong>{device.alias ?? device.sn}</Typography.Text>
            <StatusTag status={device.status} />
            <Typography.Text type="secondary">{t(`family.${family}`)}</Typography.Text>
          </Space>
        }
      >
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
          <Descriptions.Item label={t('field.sn')}>{device.sn}</Descriptions.Item>
          <Descriptions.Item label={t('field.plant')}>
            {device.plant ? (
              <Link to={`/plants/overview/${device.plant.id}`}>{device.plant.name}</Link>
            ) : (
              '-'
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('field.model')}>{device.model ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t('field.datalogger')}>{device.dataloggerSn}</Descriptions.Item>
          <Descriptions.Item label={t('field.lastSeen')}>
            {device.lastSeenAt ? plantMoment(device.lastSeenAt, device.timeZone, 'second') : '-'}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={descriptor.settings ? 14 : 24}>
          <FamilyValues
            fields={descriptor.realtimeFields}
            values={device.values}
            warnings={device.warnings}
          />
        </Col>
        {descriptor.settings && (
          <Col xs={24} xl={10}>
            <FamilySettingsCard family={family} sn={sn} />
          </Col>
        )}
      </Row>
      <FamilyDayCard
        family={family}
        sn={sn}
        date={date}
        today={device.today}
        onDateChange={setDate}
      />
      {Panel && <Panel sn={sn} />}
    </Space>
  );
}

/** `/device/:family/:sn`: any generic family's device, laid out from its descriptor. */
export default function FamilyDetailPage(): ReactNode {
  const { t } = useTranslation('devices');
  const params = useParams();
  const family = familyOfSlug(params.family ?? '');
  if (!family) return <Result status="404" title={t('notFound')} />;
  return <DeviceDetail key={`${family}-${params.sn}`} family={family} sn={params.sn ?? ''} />;
}
