import { Button, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Permit } from '../permissions/Permit';
import { ConfirmDelete } from './ConfirmDelete';
import type { RowActionSpec } from './list-spec';

/** A row's buttons, each shown only with its permission. */
export function RowActions<Row>(props: {
  row: Row;
  actions: RowActionSpec<Row>[];
  onEdit: (row: Row) => void;
}): ReactNode {
  const { t } = useTranslation('common');
  const { row } = props;
  return (
    <Space>
      {props.actions.map((action) => (
        <Permit key={action.kind} permission={action.permission}>
          {action.kind === 'edit' ? (
            <Button type="link" size="small" onClick={() => props.onEdit(row)}>
              {t('actions.edit')}
            </Button>
          ) : (
            <ConfirmDelete onConfirm={() => action.onConfirm(row)} />
          )}
        </Permit>
      ))}
    </Space>
  );
}
