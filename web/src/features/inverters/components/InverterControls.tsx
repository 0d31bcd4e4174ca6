import { bootInverter, shutdownInverter } from '@solar/contract';
import { Button, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Permit } from '../../../shared/permissions/Permit';
import { DeviceCommandButton } from '../../commands/components/DeviceCommandButton';
import { useConfirmedSwitch, useRealtime } from '../api';

interface InverterControlsProps {
  sn: string;
  deviceName: string;
  plantName: string | null;
}

/**
 * The inverter's remote controls: shut down while it runs, boot while it is shut down (its
 * `switch` value), and the way to its settings. Roles without the permissions see none of it.
 */
export function InverterControls(props: InverterControlsProps): ReactNode {
  const { t } = useTranslation(['commands', 'inverters']);
  const realtime = useRealtime(props.sn);
  const isOff = realtime.data?.values.switch === 'off';
  const showConfirmedSwitch = useConfirmedSwitch(props.sn);
  return (
    <Space wrap>
      <DeviceCommandButton
        endpoint={isOff ? bootInverter : shutdownInverter}
        sn={props.sn}
        deviceName={props.deviceName}
        plantName={props.plantName}
        permission="inverter.boot"
        label={t(isOff ? 'commands:names.inverter.boot' : 'commands:names.inverter.shutdown')}
        danger={!isOff}
        onDone={(record) => showConfirmedSwitch(record)}
      />
      <Permit permission="inverter.setting">
        <Link to={`/device/setting?sn=${encodeURIComponent(props.sn)}`}>
          <Button>{t('inverters:detail.settings')}</Button>
        </Link>
      </Permit>
    </Space>
  );
}
