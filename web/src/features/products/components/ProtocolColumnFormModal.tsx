import {
  COLUMN_VALUE_TYPES,
  createProtocolColumn,
  ErrorCode,
  type ProtocolColumn,
  type EndpointBody,
} from '@solar/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFields } from '../../../shared/forms/FormFields';
import { FormModal, type FormModalControl } from '../../../shared/ui/FormModal';
import { useCreateProtocolColumn, useUpdateProtocolColumn } from '../api';

type ColumnValues = EndpointBody<typeof createProtocolColumn>;

/** Adds a column to a device protocol or edits one; a taken key shows under its field. */
export function ProtocolColumnFormModal(
  props: FormModalControl & { protocolId: number; column: ProtocolColumn | undefined },
): ReactNode {
  const { protocolId, column, ...control } = props;
  const { t } = useTranslation(['products', 'validation']);
  const create = useCreateProtocolColumn();
  const update = useUpdateProtocolColumn();

  const save = (values: ColumnValues) => {
    const body = {
      key: values.key,
      name: values.name,
      unit: values.unit ?? '',
      scale: Number(values.scale || 1),
      valueType: values.valueType,
      sortOrder: Number(values.sortOrder || 0),
    };
    if (column)
      return update.mutateAsync({
        params: { id: protocolId, columnId: column.id },
        body,
        loading: true,
      });
    return create.mutateAsync({ params: { id: protocolId }, body, loading: true });
  };

  return (
    <FormModal<ColumnValues>
      {...control}
      title={column ? t('editColumn') : t('addColumn')}
      initialValues={{
        key: column?.key ?? '',
        name: column?.name ?? '',
        unit: column?.unit ?? '',
        scale: String(column?.scale ?? 1),
        valueType: column?.valueType ?? 'uint16',
        sortOrder: String(column?.sortOrder ?? 0),
      }}
      onSubmit={save}
      fieldErrors={{ field: 'key', messageByCode: { [ErrorCode.codeExists]: t('columnExists') } }}
    >
      <FormFields<ColumnValues>
        body={createProtocolColumn.body}
        fields={[
          { name: 'key', label: t('columnKey'), control: { kind: 'text', autoComplete: 'off' } },
          { name: 'name', label: t('name'), control: { kind: 'text' } },
          { name: 'unit', label: t('unit'), control: { kind: 'text' } },
          { name: 'scale', label: t('scale'), control: { kind: 'text' } },
          {
            name: 'valueType',
            label: t('valueType'),
            control: {
              kind: 'select',
              options: COLUMN_VALUE_TYPES.map((type) => ({
                value: type,
                label: t(`valueTypes.${type}`),
              })),
            },
          },
          { name: 'sortOrder', label: t('sortOrder'), control: { kind: 'text', inputMode: 'tel' } },
        ]}
      />
    </FormModal>
  );
}
