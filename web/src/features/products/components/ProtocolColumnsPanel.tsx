import type { DeviceProtocol, ProtocolColumn } from '@solar/contract';
import { Button, Space } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDelete } from '../../../shared/list-page/ConfirmDelete';
import { usePermission } from '../../../shared/permissions/PermissionContext';
import { ResponsiveTable } from '../../../shared/ui/ResponsiveTable';
import { useProtocolColumns, useRemoveProtocolColumn } from '../api';
import { ProtocolColumnFormModal } from './ProtocolColumnFormModal';

type Editing = { column: ProtocolColumn | undefined } | null;

/** A device protocol's columns, shown when its row is expanded. */
export function ProtocolColumnsPanel(props: { protocol: DeviceProtocol }): ReactNode {
  const { protocol } = props;
  const { t } = useTranslation('products');
  const canEdit = usePermission('sys.protocol.edit');
  const columns = useProtocolColumns(protocol.id);
  const remove = useRemoveProtocolColumn();
  const [editing, setEditing] = useState<Editing>(null);

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {canEdit && (
        <Button size="small" onClick={() => setEditing({ column: undefined })}>
          {t('addColumn')}
        </Button>
      )}
      <ResponsiveTable<ProtocolColumn>
        size="small"
        rowKey="id"
        pagination={false}
        loading={columns.isLoading}
        dataSource={columns.data ?? []}
        locale={{ emptyText: t('noColumns') }}
        columns={[
          { key: 'key', title: t('columnKey'), dataIndex: 'key' },
          { key: 'name', title: t('name'), dataIndex: 'name' },
          { key: 'unit', title: t('unit'), dataIndex: 'unit' },
          { key: 'scale', title: t('scale'), dataIndex: 'scale' },
          {
            key: 'valueType',
            title: t('valueType'),
            render: (_: unknown, column: ProtocolColumn) => t(`valueTypes.${column.valueType}`),
          },
          { key: 'sortOrder', title: t('sortOrder'), dataIndex: 'sortOrder' },
          ...(canEdit
            ? [
                {
                  key: 'actions',
                  title: t('actions'),
                  render: (_: unknown, column: ProtocolColumn) => (
                    <Space>
                      <Button size="small" onClick={() => setEditing({ column })}>
                        {t('editColumn')}
                      </Button>
                      <ConfirmDelete
                        onConfirm={() =>
                          remove.mutateAsync({
                            params: { id: protocol.id, columnId: column.id },
                          })
                        }
                      />
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      {editing && (
        <ProtocolColumnFormModal
          open
          protocolId={protocol.id}
          column={editing.column}
          onClose={() => setEditing(null)}
        />
      )}
    </Space>
  );
}
