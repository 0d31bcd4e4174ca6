import {
  GATEWAY_TRANSPORTS,
  type GatewayCommunication,
  listGateways,
  REPORT_INTERVAL_SECONDS,
  rules,
  type EndpointBody,
  type setGatewayProtocol,
} from '@solar/contract';
import {
  Alert,
  Button,
  Descriptions,
  Empty,
  Form,
  InputNumber,
  Radio,
  Select,
  Space,
  Switch,
  Typography,
} from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useApiQuery } from '../../../shared/api/hooks';
import { zodRule } from '../../../shared/forms/zod-rule';
import { PageCard } from '../../../shared/ui/PageCard';
import { useSubmitGuard } from '../../../shared/ui/useSubmitGuard';
import { useGatewayProtocol, useSetGatewayProtocol, useSwitchGatewaySettings } from '../api';
import { formatTime } from '../format';

type CommValues = Pick<
  EndpointBody<typeof setGatewayProtocol>,
  'transport' | 'reportIntervalSeconds'
>;

const intervalRule = rules.integer(REPORT_INTERVAL_SECONDS);

function CommSettingForm(props: { settings: GatewayCommunication }): ReactNode {
  const { t } = useTranslation(['gateways', 'validation']);
  const { settings } = props;
  const setProtocol = useSetGatewayProtocol();
  const switchSettings = useSwitchGatewaySettings();
  const [isSaveGuarded, guardSave] = useSubmitGuard();
  const isEditable = settings.canManage && settings.isRemoteSettingEnabled;

  const save = (values: CommValues): void => {
    guardSave();
    void setProtocol
      .mutateAsync({ params: { sn: settings.sn }, body: values, loading: true })
      .catch(() => null);
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="large">
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label={t('comm.server')}>
          <Typography.Text copyable>{settings.serverAddress}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('comm.updatedAt')}>
          {formatTime(settings.updatedAt)}
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.remoteSetting')}>
          <Switch
            aria-label={t('fields.remoteSetting')}
            checked={settings.isRemoteSettingEnabled}
            disabled={!settings.canManage}
            loading={switchSettings.isPending}
            onChange={(isEnabled) =>
              void switchSettings
                .mutateAsync({ params: { sn: settings.sn }, body: { isEnabled }, loading: true })
                .catch(() => null)
            }
          />
        </Descriptions.Item>
      </Descriptions>
      <Alert type="info" title={t('comm.sentOnSave')} />
      <Form<CommValues>
        key={`${settings.sn}-${settings.updatedAt ?? ''}`}
        layout="vertical"
        disabled={!isEditable}
        initialValues={{
          transport: settings.transport,
          reportIntervalSeconds: settings.reportIntervalSeconds,
        }}
        onFinish={save}
      >
        <Form.Item name="transport" label={t('fields.transport')}>
          <Radio.Group
            options={GATEWAY_TRANSPORTS.map((transport) => ({
              value: transport,
              label: transport.toUpperCase(),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="reportIntervalSeconds"
          label={t('comm.interval')}
          rules={[zodRule(intervalRule, t)]}
        >
          <InputNumber<number> aria-label={t('comm.interval')} addonAfter={t('comm.seconds')} />
        </Form.Item>
        {isEditable && (
          <Button type="primary" htmlType="submit" disabled={isSaveGuarded}>
            {t('comm.save')}
          </Button>
        )}
      </Form>
      {settings.canManage && !settings.isRemoteSettingEnabled && (
        <Typography.Text type="secondary">{t('comm.switchedOff')}</Typography.Text>
      )}
    </Space>
  );
}

/**
 * The communication settings of one datalogger (`?sn=`), picked from the caller's list
 * (of one plant with `?plantId=`). What is shown is the portal's stored setting.
 */
export default function CommSettingPage(): ReactNode {
  const { t } = useTranslation('gateways');
  const [search, setSearch] = useSearchParams();
  const sn = search.get('sn') ?? undefined;
  const plantId = Number(search.get('plantId')) || undefined;
  const gateways = useApiQuery(listGateways, {
    query: { size: 200, ...(plantId ? { plantId } : {}) },
  });
  const settings = useGatewayProtocol(sn);

  return (
    <PageCard title={t('comm.title')}>
      <Space orientation="vertical" style={{ width: '100%' }} size="large">
        <Select
          showSearch
          style={{ minWidth: 280 }}
          aria-label={t('comm.pick')}
          placeholder={t('comm.pick')}
          value={sn}
          options={(gateways.data?.infos ?? []).map((gateway) => ({
            value: gateway.sn,
            label: gateway.alias ? `${gateway.sn} (${gateway.alias})` : gateway.sn,
          }))}
          onChange={(value: string) => {
            const next = new URLSearchParams(search);
            next.set('sn', value);
            setSearch(next);
          }}
        />
        {!sn && <Empty description={t('comm.pick')} />}
        {settings.data && <CommSettingForm settings={settings.data} />}
      </Space>
    </PageCard>
  );
}
