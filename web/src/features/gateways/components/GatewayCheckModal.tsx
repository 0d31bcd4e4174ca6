import { GATEWAY_CHECK_MAX_ROWS, type GatewayRowResult } from '@solar/contract';
import { Alert, Button, Input, Modal, Space, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCheckGateways } from '../api';
import { RowResultTable } from './RowResultTable';

/** "SN KEY" or "SN,KEY" or "SN;KEY" or tab-separated (pasted from a sheet), one per line. */
export function parsePairs(text: string): { sn: string; key: string }[] | null {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const pairs = lines.map((line) => line.split(/[\s,;]+/));
  if (pairs.length === 0 || pairs.some((parts) => parts.length !== 2)) return null;
  return pairs.map(([sn = '', key = '']) => ({ sn, key }));
}

export function GatewayCheckModal(props: { open: boolean; onClose: () => void }): ReactNode {
  const { t } = useTranslation('gateways');
  const checkGateways = useCheckGateways();
  const [text, setText] = useState('');
  const [isMalformed, setIsMalformed] = useState(false);
  const [results, setResults] = useState<GatewayRowResult[]>();

  const close = (): void => {
    setText('');
    setResults(undefined);
    setIsMalformed(false);
    props.onClose();
  };

  const run = async (): Promise<void> => {
    const pairs = parsePairs(text);
    setIsMalformed(pairs === null || pairs.length > GATEWAY_CHECK_MAX_ROWS);
    if (pairs === null || pairs.length > GATEWAY_CHECK_MAX_ROWS) return;
    const data = await checkGateways
      .mutateAsync({ body: { gateways: pairs }, loading: true })
      .catch(() => null);
    if (data) setResults(data.results);
  };

  return (
    <Modal
      open={props.open}
      title={t('check.title')}
      onCancel={close}
      width={760}
      footer={
        <Space>
          <Button onClick={close}>{t('import.close')}</Button>
          <Button type="primary" onClick={() => void run()} loading={checkGateways.isPending}>
            {t('check.run')}
          </Button>
        </Space>
      }
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Paragraph>
          {t('check.hint', { max: GATEWAY_CHECK_MAX_ROWS })}
        </Typography.Paragraph>
        <Input.TextArea
          aria-label={t('check.pairs')}
          rows={6}
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={'DL0001 KEY0001\nDL0002 KEY0002'}
        />
        {isMalformed && (
          <Alert type="error" title={t('check.malformed', { max: GATEWAY_CHECK_MAX_ROWS })} />
        )}
        {results && <RowResultTable results={results} />}
      </Space>
    </Modal>
  );
}
