import { MAX_SHARE_HOURS } from '@solar/contract';
import { Alert, Button, Card, InputNumber, Popconfirm, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FullscreenLink } from '@solar/contract';
import { useCreateFullscreenLink, useFullscreenLinks, useRevokeFullscreenLink } from '../api';
import { ResponsiveTable } from '../../../shared/ui/ResponsiveTable';
import { readerMoment } from '../../../shared/format/formatters';

const DEFAULT_HOURS = 24 * 7;

type LinkState = 'active' | 'expired' | 'revoked';

function stateOf(link: FullscreenLink): LinkState {
  if (link.revokedAt) return 'revoked';
  return dayjs(link.expiresAt).isBefore(dayjs()) ? 'expired' : 'active';
}

const STATE_COLOURS: Record<LinkState, string> = {
  active: 'green',
  expired: 'default',
  revoked: 'red',
};

/**
 * Links for screens without an account: made for the display shown (fleet or plant), valid
 * for a chosen number of hours, the address shown once (only its hash is kept), revocable.
 */
export function ScreenLinks(props: { plantId: number | null }): ReactNode {
  const { t } = useTranslation('fullscreen');
  const [hours, setHours] = useState<number | null>(DEFAULT_HOURS);
  const links = useFullscreenLinks();
  const create = useCreateFullscreenLink();
  const revoke = useRevokeFullscreenLink();
  const createdUrl = create.data ? `${window.location.origin}${create.data.path}` : null;
  return (
    <Card size="small" title={t('links.title')}>
      <Space wrap style={{ marginBottom: 12 }}>
        <span>{t('links.validHours')}</span>
        <InputNumber
          min={1}
          max={MAX_SHARE_HOURS}
          precision={0}
          value={hours}
          onChange={setHours}
          aria-label={t('links.validHours')}
        />
        <Button
          type="primary"
          disabled={hours === null}
          loading={create.isPending}
          onClick={() =>
            hours !== null && create.mutate({ body: { plantId: props.plantId, validHours: hours } })
          }
        >
          {t('links.create')}
        </Button>
      </Space>
      {createdUrl && (
        <Alert
          type="success"
          showIcon
          style={{ marginBottom: 12 }}
          message={t('links.created')}
          description={
            <Typography.Text copyable data-testid="screen-link-url">
              {createdUrl}
            </Typography.Text>
          }
        />
      )}
      <ResponsiveTable<FullscreenLink>
        size="small"
        rowKey="id"
        loading={links.isPending}
        dataSource={links.data ?? []}
        pagination={{ pageSize: 5 }}
        scroll={{ x: true }}
        columns={[
          {
            key: 'scope',
            title: t('links.scope'),
            render: (_, link) => link.plantName ?? t('fleet'),
          },
          {
            key: 'created',
            title: t('links.createdAt'),
            render: (_, link) => readerMoment(link.createdAt),
          },
          {
            key: 'expires',
            title: t('links.expiresAt'),
            render: (_, link) => readerMoment(link.expiresAt),
          },
          {
            key: 'state',
            title: t('links.state'),
            render: (_, link) => (
              <Tag color={STATE_COLOURS[stateOf(link)]}>{t(`links.${stateOf(link)}`)}</Tag>
            ),
          },
          {
            key: 'actions',
            title: '',
            render: (_, link) =>
              stateOf(link) === 'active' && (
                <Popconfirm
                  title={t('links.revokeConfirm')}
                  onConfirm={() => revoke.mutate({ params: { id: link.id } })}
                >
                  <Button size="small" danger>
                    {t('links.revoke')}
                  </Button>
                </Popconfirm>
              ),
          },
        ]}
      />
    </Card>
  );
}
