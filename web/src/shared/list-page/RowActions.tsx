import { Button, Popconfirm, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Permit } from '../permissions/Permit';
import { ConfirmDelete } from './ConfirmDelete';
import type { RowActionSpec } from './list-spec';

function RowAction<Row>(props: {
  row: Row;
  action: RowActionSpec<Row>;
  onEdit: (row: Row) => void;
}): ReactNode {
  const { t } = useTranslation('common');
  const { row, action } = props;
  switch (action.kind) {
    case 'edit':
      return (
        <Button type="link" size="small" onClick={() => props.onEdit(row)}>
          {t('actions.edit')}
        </Button>
      );
    case 'delete':
      return <ConfirmDelete onConfirm={() => action.onConfirm(row)} />;
    case 'confirm':
      return (
        <Popconfirm
          title={action.question}
          okText={t('actions.ok')}
          cancelText={t('actions.cancel')}
          onConfirm={() => action.onConfirm(row).catch(() => null)}
        >
          <Button type="link" size="small">
            {action.label}
          </Button>
        </Popconfirm>
      );
    case 'button':
      return (
        <Button type="link" size="small" onClick={() => action.onClick(row)}>
          {action.label}
        </Button>
      );
  }
}

function actionKey<Row>(action: RowActionSpec<Row>): string {
  return action.kind === 'confirm' || action.kind === 'button' ? action.label : action.kind;
}

/** A row's buttons, each shown only with its permission (and where it fits the row). */
export function RowActions<Row>(props: {
  row: Row;
  actions: RowActionSpec<Row>[];
  onEdit: (row: Row) => void;
}): ReactNode {
  const { row } = props;
  return (
    <Space>
      {props.actions
        .filter((action) => action.kind === 'edit' || (action.isShown?.(row) ?? true))
        .map((action) => (
          <Permit key={actionKey(action)} permission={action.permission}>
            <RowAction row={row} action={action} onEdit={props.onEdit} />
          </Permit>
        ))}
    </Space>
  );
}
