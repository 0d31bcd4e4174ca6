import { Button, Popconfirm } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function ConfirmDelete(props: {
  onConfirm: () => Promise<unknown>;
  label?: string;
}): ReactNode {
  const { t } = useTranslation('common');
  return (
    <Popconfirm
      title={t('confirmDelete')}
      okText={t('actions.ok')}
      cancelText={t('actions.cancel')}
      onConfirm={() => props.onConfirm().catch(() => null)}
    >
      <Button type="link" danger size="small">
        {props.label ?? t('actions.delete')}
      </Button>
    </Popconfirm>
  );
}
