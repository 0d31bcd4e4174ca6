import type { GatewayStatus } from '@solar/contract';
import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const STATUS_COLOURS: Record<GatewayStatus, string> = { normal: 'green', offline: 'default' };

/** A datalogger's connection: `normal` (connected) reads "Online". */
export function GatewayStatusTag({ status }: { status: GatewayStatus }): ReactNode {
  const { t } = useTranslation('gateways');
  return (
    <Tag color={STATUS_COLOURS[status]} data-status={status}>
      {t(`status.${status}`)}
    </Tag>
  );
}
