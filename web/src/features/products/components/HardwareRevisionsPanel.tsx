import type { HardwareRevision, ProductModel } from '@solar/contract';
import { Button, Space } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDelete } from '../../../shared/list-page/ConfirmDelete';
import { usePermission } from '../../../shared/permissions/PermissionContext';
import { ResponsiveTable } from '../../../shared/ui/ResponsiveTable';
import { useHardwareRevisions, useRemoveHardwareRevision } from '../api';
import { HardwareRevisionFormModal } from './HardwareRevisionFormModal';

/** A product model's hardware revisions, shown when its row is expanded. */
export function HardwareRevisionsPanel(props: { model: ProductModel }): ReactNode {
  const { model } = props;
  const { t } = useTranslation('products');
  const canEdit = usePermission('sys.product.edit');
  const revisions = useHardwareRevisions(model.id);
  const remove = useRemoveHardwareRevision();
  const [isAdding, setAdding] = useState(false);

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {canEdit && (
        <Button size="small" onClick={() => setAdding(true)}>
          {t('addHardware')}
        </Button>
      )}
      <ResponsiveTable<HardwareRevision>
        size="small"
        rowKey="id"
        pagination={false}
        loading={revisions.isLoading}
        dataSource={revisions.data ?? []}
        locale={{ emptyText: t('noHardware') }}
        columns={[
          { key: 'hardwareId', title: t('hardwareId'), dataIndex: 'hardwareId' },
          { key: 'description', title: t('description'), dataIndex: 'description' },
          ...(canEdit
            ? [
                {
                  key: 'actions',
                  title: t('actions'),
                  render: (_: unknown, revision: HardwareRevision) => (
                    <ConfirmDelete
                      onConfirm={() =>
                        remove.mutateAsync({
                          params: { id: model.id, revisionId: revision.id },
                        })
                      }
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
      {isAdding && (
        <HardwareRevisionFormModal open productId={model.id} onClose={() => setAdding(false)} />
      )}
    </Space>
  );
}
