import type { PushSubscriptionInfo } from '@solar/contract';
import { App, Button, List, Popconfirm, Space, Tag, Typography } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { readerMoment } from '../../../shared/format/formatters';
import {
  usePushSubscriptions,
  useRemovePushSubscription,
  useSendTestPush,
  useSubscribePush,
  useVapidPublicKey,
} from '../api';
import { isPushSupported, subscribeThisBrowser, thisBrowserEndpoint } from '../push-browser';

function SubscriptionRow(props: {
  subscription: PushSubscriptionInfo;
  isThisBrowser: boolean;
}): ReactNode {
  const { t } = useTranslation(['account', 'common']);
  const remove = useRemovePushSubscription();
  const { subscription } = props;
  return (
    <List.Item
      actions={[
        <Popconfirm
          key="remove"
          title={t('push.removeConfirm')}
          onConfirm={() => remove.mutateAsync({ params: { id: subscription.id } })}
        >
          <Button danger size="small">
            {t('push.remove')}
          </Button>
        </Popconfirm>,
      ]}
    >
      <List.Item.Meta
        title={
          <Space>
            {subscription.serviceHost}
            {props.isThisBrowser ? <Tag color="green">{t('push.thisBrowser')}</Tag> : null}
          </Space>
        }
        description={`${subscription.userAgent ?? ''} · ${t('push.since', {
          time: readerMoment(subscription.createdAt),
        })}`}
      />
    </List.Item>
  );
}

/** Personal settings: the browsers that receive this account's alarms by push. */
export function PushNotificationsCard(): ReactNode {
  const { t } = useTranslation('account');
  const { message } = App.useApp();
  const subscriptions = usePushSubscriptions();
  const publicKey = useVapidPublicKey().data?.publicKey;
  const subscribe = useSubscribePush();
  const sendTest = useSendTestPush();
  const [ownEndpoint, setOwnEndpoint] = useState<string | null>(null);
  const isSupported = isPushSupported();

  useEffect(() => {
    void thisBrowserEndpoint().then(setOwnEndpoint);
  }, []);

  const enable = async (): Promise<void> => {
    if (!publicKey) return;
    const subscription = await subscribeThisBrowser(publicKey);
    if (!subscription) {
      void message.warning(t('push.denied'));
      return;
    }
    await subscribe.mutateAsync({ body: subscription, loading: true });
    setOwnEndpoint(subscription.endpoint);
    void message.success(t('push.enabled'));
  };

  const test = async (): Promise<void> => {
    const { queued } = await sendTest.mutateAsync({ loading: true });
    void message.success(t('push.testSent', { count: queued }));
  };

  const rows = subscriptions.data?.infos ?? [];
  return (
    <section aria-labelledby="push-title">
      <Typography.Title level={5} id="push-title">
        {t('push.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {isSupported ? t('push.hint') : t('push.unsupported')}
      </Typography.Paragraph>
      <Space wrap>
        <Button
          type="primary"
          disabled={!isSupported || !publicKey || rows.some((row) => row.endpoint === ownEndpoint)}
          onClick={() => void enable()}
        >
          {t('push.enable')}
        </Button>
        <Button disabled={rows.length === 0} onClick={() => void test()}>
          {t('push.test')}
        </Button>
      </Space>
      <List
        loading={subscriptions.isPending}
        dataSource={rows}
        locale={{ emptyText: t('push.none') }}
        rowKey={(row) => row.id}
        renderItem={(row) => (
          <SubscriptionRow subscription={row} isThisBrowser={row.endpoint === ownEndpoint} />
        )}
      />
    </section>
  );
}
