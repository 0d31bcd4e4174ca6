import { Alert, App, Button, List, Popconfirm, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCancelPlantShare, usePlantShareUsers } from '../../api';
import { handledAccountError } from './account-errors';

export function ShareUsersList({ plantId }: { plantId: number }) {
  const { t } = useTranslation('plants');
  const { message } = App.useApp();
  const { data, isLoading, error } = usePlantShareUsers(plantId, true);
  const cancelShare = useCancelPlantShare();
  const listError = handledAccountError(error);

  const cancel = (account: string) =>
    cancelShare.mutate(
      { params: { id: plantId }, body: { account } },
      {
        onSuccess: () => void message.success(t('share.cancelled')),
        onError: (failure) => {
          const text = handledAccountError(failure);
          if (text) void message.error(text);
        },
      },
    );

  if (listError) return <Alert type="warning" showIcon title={listError} />;
  return (
    <List
      header={t('share.users')}
      loading={isLoading}
      dataSource={data?.infos ?? []}
      locale={{ emptyText: t('share.none') }}
      renderItem={(user) => (
        <List.Item
          actions={[
            <Popconfirm
              key="cancel"
              title={t('share.cancelConfirm', { account: user.account })}
              onConfirm={() => cancel(user.account)}
            >
              <Button size="small" danger loading={cancelShare.isPending}>
                {t('share.cancel')}
              </Button>
            </Popconfirm>,
          ]}
        >
          <List.Item.Meta title={user.account} description={user.nickname} />
          <Tag color={user.role === 'manager' ? 'blue' : 'default'}>
            {t(`share.role.${user.role}`)}
          </Tag>
        </List.Item>
      )}
    />
  );
}
