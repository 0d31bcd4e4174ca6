import { restartGateway } from '@solar/contract';
import { Descriptions, Drawer, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useGateway } from '../api';
import { formatTime } from '../format';
import { GatewayStatusTag } from '../status';
import { DeviceCommandButton } from '../../commands/components/DeviceCommandButton';
import { GatewayDebugConsole } from './GatewayDebugConsole';

/** Every field of section 3; the key and password read "hidden" for callers who may not manage. */
export function GatewayDrawer(props: { sn: string | undefined; onClose: () => void }): ReactNode {
  const { t } = useTranslation(['gateways', 'commands']);
  const gateway = useGateway(props.sn).data;
  const hidden = <Typography.Text type="secondary">{t('fields.hidden')}</Typography.Text>;
  const none = '—';
  return (
    <Drawer
      open={props.sn !== undefined}
      onClose={props.onClose}
      title={props.sn}
      size="large"
      extra={
        gateway && (
          <DeviceCommandButton
            endpoint={restartGateway}
            sn={gateway.sn}
            deviceName={gateway.alias ?? gateway.sn}
            plantName={gateway.plantName}
            permission="gateway.restart"
            label={t('commands:names.datalogger.restart')}
          />
        )
      }
    >
      {!gateway ? (
        <Skeleton active />
      ) : (
        <>
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={t('fields.sn')}>{gateway.sn}</Descriptions.Item>
            <Descriptions.Item label={t('fields.key')}>{gateway.key ?? hidden}</Descriptions.Item>
            <Descriptions.Item label={t('fields.alias')}>{gateway.alias ?? none}</Descriptions.Item>
            <Descriptions.Item label={t('fields.plant')}>
              {gateway.plantName ?? none}
            </Descriptions.Item>
            <Descriptions.Item label={t('columns.status')}>
              <GatewayStatusTag status={gateway.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.protocol')}>{gateway.protocol}</Descriptions.Item>
            <Descriptions.Item label={t('fields.transport')}>
              {gateway.transport.toUpperCase()}
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.hardwareVersion')}>
              {gateway.hardwareVersion ?? none}
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.softwareVersion')}>
              {gateway.softwareVersion ?? none}
            </Descriptions.Item>
            <Descriptions.Item label={t('columns.signal')}>
              {gateway.signalStrength === null ? none : `${gateway.signalStrength} %`}
            </Descriptions.Item>
            <Descriptions.Item label={t('columns.lastOnline')}>
              {formatTime(gateway.lastOnlineAt)}
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.iccid')}>{gateway.iccid ?? none}</Descriptions.Item>
            <Descriptions.Item label={t('fields.connectionPassword')}>
              {gateway.canManage ? (gateway.connectionPassword ?? none) : hidden}
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.id')}>{gateway.id}</Descriptions.Item>
            <Descriptions.Item label={t('fields.gsns')}>
              {gateway.gsns.length === 0 ? none : gateway.gsns.join(', ')}
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.remoteSetting')}>
              {t(gateway.isRemoteSettingEnabled ? 'comm.on' : 'comm.off')}
            </Descriptions.Item>
          </Descriptions>
          <GatewayDebugConsole sn={gateway.sn} />
        </>
      )}
    </Drawer>
  );
}
