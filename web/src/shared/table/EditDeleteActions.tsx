import type { Permission } from '@solar/contract';
import { Button, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Permit } from '../permissions/Permit';
import { ConfirmDelete } from './ConfirmDelete';

/** A table row's Edit and Delete (after confirmation), each shown only with its permission. */
export function EditDeleteActions(props: {
  editPermission: Permission;
  deletePermission: Permission;
  onEdit: () => void;
  onDelete: () => Promise<unknown>;
}): ReactNode {
  const { t } = useTranslation('common');
  return (
    <Space>
      <Permit permission={props.editPermission}>
        <Button type="link" size="small" onClick={props.onEdit}>
          {t('actions.edit')}
        </Button>
      </Permit>
      <Permit permission={props.deletePermission}>
        <ConfirmDelete onConfirm={props.onDelete} />
      </Permit>
    </Space>
  );
}
