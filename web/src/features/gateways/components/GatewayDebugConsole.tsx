import { Alert, Button, Input, Space, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../../shared/api/failure-text';
import { Permit } from '../../../shared/permissions/Permit';
import { useDebugGateway } from '../../commands/api';

type Exchange = { kind: 'reply'; text: string } | { kind: 'error'; text: string };

/**
 * The datalogger "debug" call: a raw vendor command and the device's raw reply. Every
 * exchange is kept in the debug log (Logs menu).
 */
export function GatewayDebugConsole(props: { sn: string }): ReactNode {
  const { t } = useTranslation('gateways');
  const debug = useDebugGateway();
  const [payload, setPayload] = useState('');
  const [exchange, setExchange] = useState<Exchange | null>(null);

  const send = async () => {
    setExchange(null);
    try {
      const record = await debug.mutateAsync({ params: { sn: props.sn }, body: { payload } });
      const reply = record.result?.reply;
      setExchange({ kind: 'reply', text: typeof reply === 'string' ? reply : '' });
    } catch (error) {
      setExchange({ kind: 'error', text: failureText(error, String(error)) });
    }
  };

  return (
    <Permit permission="gateway.restart">
      <Space orientation="vertical" style={{ width: '100%', marginTop: 16 }}>
        <Typography.Title level={5}>{t('debug.title')}</Typography.Title>
        <Space.Compact style={{ width: '100%' }}>
          <Input
            aria-label={t('debug.payload')}
            placeholder={t('debug.payload')}
            value={payload}
            maxLength={1024}
            onChange={(event) => setPayload(event.target.value)}
            onPressEnter={() => void send()}
          />
          <Button
            type="primary"
            loading={debug.isPending}
            disabled={payload.trim() === ''}
            onClick={() => void send()}
          >
            {t('debug.send')}
          </Button>
        </Space.Compact>
        {exchange?.kind === 'reply' && (
          <Alert
            type="success"
            message={t('debug.reply')}
            description={<code>{exchange.text}</code>}
          />
        )}
        {exchange?.kind === 'error' && <Alert type="error" message={exchange.text} />}
      </Space>
    </Permit>
  );
}
