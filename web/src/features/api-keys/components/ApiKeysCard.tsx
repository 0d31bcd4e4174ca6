import type { ApiKeyKind, ApiKeyListItem } from '@solar/contract';
import { Button, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readerMoment } from '../../../shared/format/formatters';
import { SecretShownOnceModal } from '../../../shared/ui/SecretShownOnceModal';
import { useApiKeys, useRevokeApiKey } from '../api';
import { CreateApiKeyDialog } from './CreateApiKeyDialog';

type KeyState = 'active' | 'revoked' | 'expired';

function stateOf(key: ApiKeyListItem): KeyState {
  if (key.revokedAt) return 'revoked';
  if (key.expiresAt && Date.parse(key.expiresAt) <= Date.now()) return 'expired';
  return 'active';
}

/** API keys: the caller's personal ones, or their company's service keys. */
export function ApiKeysCard(props: { kind: ApiKeyKind }): ReactNode {
  const { t } = useTranslation('account');
  const keys = useApiKeys(props.kind);
  const revoke = useRevokeApiKey();
  const [isCreating, setIsCreating] = useState(false);
  const [newKey, setNewKey] = useState<string | null>(null);

  return (
    <Space
      orientation="vertical"
      style={{ width: '100%' }}
      role="region"
      aria-label={t(`apiKeys.title.${props.kind}`)}
    >
      <Typography.Title level={5}>{t(`apiKeys.title.${props.kind}`)}</Typography.Title>
      <Typography.Text type="secondary">{t(`apiKeys.hint.${props.kind}`)}</Typography.Text>
      <Table<ApiKeyListItem>
        size="small"
        rowKey="id"
        loading={keys.isLoading}
        dataSource={keys.data ?? []}
        pagination={false}
        locale={{ emptyText: t('apiKeys.none') }}
        columns={[
          { key: 'name', title: t('apiKeys.name'), render: (_, key) => key.name },
          {
            key: 'prefix',
            title: t('apiKeys.prefix'),
            render: (_, key) => <code>{key.prefix}…</code>,
          },
          {
            key: 'access',
            title: t('apiKeys.access'),
            render: (_, key) => t(key.scopes.includes('write') ? 'apiKeys.write' : 'apiKeys.read'),
          },
          {
            key: 'plants',
            title: t('apiKeys.plants'),
            render: (_, key) =>
              key.plants ? key.plants.map((plant) => plant.name).join(', ') : t('apiKeys.every'),
          },
          {
            key: 'expiresAt',
            title: t('apiKeys.expiresAt'),
            render: (_, key) => (key.expiresAt ? readerMoment(key.expiresAt) : t('apiKeys.never')),
          },
          {
            key: 'lastUsed',
            title: t('apiKeys.lastUsed'),
            render: (_, key) =>
              key.lastUsedAt
                ? `${readerMoment(key.lastUsedAt)} · ${key.lastUsedAddress ?? ''}`
                : t('apiKeys.neverUsed'),
          },
          {
            key: 'state',
            title: t('apiKeys.state'),
            render: (_, key) => {
              const state = stateOf(key);
              return (
                <Tag color={state === 'active' ? 'green' : 'default'}>
                  {t(`apiKeys.states.${state}`)}
                </Tag>
              );
            },
          },
          {
            key: 'actions',
            title: '',
            render: (_, key) =>
              key.revokedAt ? null : (
                <Popconfirm
                  title={t('apiKeys.revokeConfirm', { name: key.name })}
                  onConfirm={() => revoke.mutate({ params: { id: key.id } })}
                >
                  <Button
                    size="small"
                    danger
                    aria-label={t('apiKeys.revokeNamed', { name: key.name })}
                  >
                    {t('apiKeys.revoke')}
                  </Button>
                </Popconfirm>
              ),
          },
        ]}
      />
      <Button type="primary" onClick={() => setIsCreating(true)}>
        {t('apiKeys.create')}
      </Button>
      <CreateApiKeyDialog
        kind={props.kind}
        open={isCreating}
        onClose={() => setIsCreating(false)}
        onCreated={setNewKey}
      />
      <SecretShownOnceModal
        secret={newKey}
        title={t('apiKeys.created')}
        warning={t('apiKeys.shownOnce')}
        closeText={t('apiKeys.done')}
        onClose={() => setNewKey(null)}
      />
    </Space>
  );
}
