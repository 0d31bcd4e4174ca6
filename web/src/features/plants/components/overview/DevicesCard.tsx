import { LinkOutlined, SettingOutlined } from '@ant-design/icons';
import { familyOfKind } from '@solar/contract';
import type { TFunction } from 'i18next';
import { Button, Card, type TableProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useDeviceTypes } from '../../../../shared/dictionaries/device-types';
import { Permit } from '../../../../shared/permissions/Permit';
import type { PlantDevicesData } from '../../api';
import { valueText } from '../../../devices/format';
import { inverterPath } from '../../../inverters/links';
import { BindDataloggerDialog } from '../gateway/BindDataloggerDialog';
import { StatusTag } from '../../../../shared/plant-status/StatusTag';
import { ResponsiveTable } from '../../../../shared/ui/ResponsiveTable';
import { plantMoment } from '../../../../shared/format/formatters';

type Device = PlantDevicesData['dataloggers'][number]['devices'][number];
type DeviceRow = Device & { dataloggerSn: string };

/** A device's main value: the first key value its family's list shows. */
function mainValue(device: Device, t: TFunction): string {
  const field = familyOfKind(device.kind)?.valueFields[0];
  if (!field) return '-';
  const value = (device.values as Record<string, unknown>)[field.key];
  return typeof value === 'number' || typeof value === 'string'
    ? valueText(field.format, field.key, value, t)
    : '-';
}

interface DevicesCardProps {
  plantId: number;
  devices: PlantDevicesData;
  /** Whether the caller manages the plant (binding a datalogger changes it). */
  canManage: boolean;
  /** The plant's time zone: a device's last report is shown on the plant's clock. */
  timeZone: string;
}

/** The overview shows inverter actions with the inverter page's button permissions. */
export function DevicesCard({ plantId, devices, canManage, timeZone }: DevicesCardProps) {
  const { t } = useTranslation('plants');
  const [isBinding, setBinding] = useState(false);
  const deviceTypes = useDeviceTypes();
  const rows: DeviceRow[] = devices.dataloggers.flatMap((datalogger) =>
    datalogger.devices.map((device) => ({ ...device, dataloggerSn: datalogger.sn })),
  );
  const columns: TableProps<DeviceRow>['columns'] = [
    {
      key: 'sn',
      dataIndex: 'sn',
      title: t('device.sn'),
      // An inverter's row leads to its detail page (realtime values, day curves, commands).
      render: (sn: string, row) =>
        row.kind === 'inverter' ? <Link to={inverterPath(sn)}>{sn}</Link> : sn,
    },
    {
      key: 'alias',
      dataIndex: 'alias',
      title: t('device.alias'),
      render: (alias: string | null) => alias ?? '-',
    },
    {
      key: 'kind',
      dataIndex: 'kind',
      title: t('device.kind'),
      render: (_, row) => deviceTypes.nameOf(row.kind),
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('field.status'),
      render: (_, row) => <StatusTag status={row.status} />,
    },
    { key: 'value', title: t('device.value'), render: (_, row) => mainValue(row, t) },
    { key: 'dataloggerSn', dataIndex: 'dataloggerSn', title: t('device.datalogger') },
    {
      key: 'lastSeenAt',
      dataIndex: 'lastSeenAt',
      title: t('device.lastSeen'),
      render: (lastSeenAt: string | null) => (lastSeenAt ? plantMoment(lastSeenAt, timeZone) : '-'),
    },
    {
      key: 'actions',
      title: t('device.actions'),
      className: 'no-print',
      render: (_, row) =>
        row.kind === 'inverter' ? (
          <Permit permission="inverter.setting">
            <Link to={`/device/setting?sn=${encodeURIComponent(row.sn)}`}>
              <Button size="small" icon={<SettingOutlined />}>
                {t('device.settings')}
              </Button>
            </Link>
          </Permit>
        ) : null,
    },
  ];

  return (
    <Card
      title={t('overview.devices')}
      extra={
        canManage && (
          <Permit permission="station.gateway.bind">
            <Button size="small" icon={<LinkOutlined />} onClick={() => setBinding(true)}>
              {t('gateway.bind')}
            </Button>
            <BindDataloggerDialog
              plantId={plantId}
              open={isBinding}
              onClose={() => setBinding(false)}
            />
          </Permit>
        )
      }
    >
      <ResponsiveTable<DeviceRow>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 800 }}
      />
    </Card>
  );
}
