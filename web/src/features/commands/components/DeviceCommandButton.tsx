import type { CommandRecord, Permission } from '@solar/contract';
import { Alert, Button, type ButtonProps, Modal, Space } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../../shared/api/failure-text';
import { Permit } from '../../../shared/permissions/Permit';
import { type DeviceCommandEndpoint, useDeviceCommand } from '../api';

export interface DeviceCommandButtonProps {
  /** `bootInverter`, `shutdownInverter` or `restartGateway` from `@solar/contract`. */
  endpoint: DeviceCommandEndpoint;
  sn: string;
  /** Named in the confirmation: the device's alias or SN, and its plant. */
  deviceName: string;
  plantName: string | null;
  /** Without it the button is not rendered (`inverter.boot`, `gateway.restart`). */
  permission: Permission;
  /** The button's text ("Shut down"); also the action named in the confirmation. */
  label: string;
  icon?: ReactNode;
  danger?: boolean;
  size?: ButtonProps['size'];
  /** After the device confirmed (for example to refetch the realtime values). */
  onDone?: (record: CommandRecord) => void;
}

type Outcome = { kind: 'done'; record: CommandRecord } | { kind: 'error'; message: string };

/**
 * A remote command with a confirmation naming device and plant. Disabled while the command is
 * in flight (the server answers once the device confirmed, failed or missed its deadline);
 * then shows the device's result, or the catalogue message of the failure.
 */
export function DeviceCommandButton(props: DeviceCommandButtonProps): ReactNode {
  return (
    <Permit permission={props.permission}>
      <CommandButton {...props} />
    </Permit>
  );
}

function CommandButton(props: DeviceCommandButtonProps): ReactNode {
  const { t } = useTranslation('commands');
  const command = useDeviceCommand(props.endpoint);
  const [isConfirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const send = async () => {
    setConfirming(false);
    setOutcome(null);
    try {
      const record = await command.send(props.sn);
      setOutcome({ kind: 'done', record });
      props.onDone?.(record);
    } catch (error) {
      setOutcome({
        kind: 'error',
        message: failureText(error, t('button.failed')),
      });
    }
  };

  return (
    <Space orientation="vertical" size="small">
      <Button
        icon={props.icon}
        danger={props.danger}
        size={props.size}
        loading={command.isPending}
        disabled={command.isPending}
        onClick={() => setConfirming(true)}
      >
        {command.isPending ? t('button.waiting') : props.label}
      </Button>
      <Modal
        open={isConfirming}
        title={props.label}
        okText={t('button.confirm')}
        cancelText={t('button.cancel')}
        okButtonProps={{ danger: props.danger }}
        onOk={() => void send()}
        onCancel={() => setConfirming(false)}
      >
        {props.plantName
          ? t('button.question', {
              action: props.label,
              device: props.deviceName,
              plant: props.plantName,
            })
          : t('button.questionNoPlant', { action: props.label, device: props.deviceName })}
      </Modal>
      {outcome?.kind === 'done' && (
        <Alert
          type="success"
          showIcon
          message={t('button.confirmed', { device: props.deviceName })}
          description={resultText(outcome.record)}
        />
      )}
      {outcome?.kind === 'error' && <Alert type="error" showIcon message={outcome.message} />}
    </Space>
  );
}

/** The device's result as `key: value` pairs (empty when it sent none). */
export function resultText(record: CommandRecord): string | undefined {
  if (!record.result) return undefined;
  const entries = Object.entries(record.result).map(
    ([key, value]) =>
      `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`,
  );
  return entries.length > 0 ? entries.join(', ') : undefined;
}
