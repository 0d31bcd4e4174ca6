import {
  createCustomerType,
  type CustomerType,
  ErrorCode,
  type EndpointBody,
} from '@solar/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFields } from '../../../shared/forms/FormFields';
import { FormModal, type FormModalControl } from '../../../shared/ui/FormModal';
import { useCreateCustomerType, useUpdateCustomerType } from '../api';

type TypeValues = Pick<EndpointBody<typeof createCustomerType>, 'name' | 'remark'>;

export function CustomerTypeFormModal(
  props: FormModalControl & { type: CustomerType | undefined },
): ReactNode {
  const { type, ...control } = props;
  const { t } = useTranslation(['customers', 'validation']);
  const createType = useCreateCustomerType();
  const updateType = useUpdateCustomerType();

  const save = (values: TypeValues) =>
    type
      ? updateType.mutateAsync({ params: { id: type.id }, body: values, loading: true })
      : createType.mutateAsync({ body: values, loading: true });

  return (
    <FormModal<TypeValues>
      {...control}
      title={type ? t('types.edit') : t('types.add')}
      initialValues={{ name: type?.name ?? '', remark: type?.remark ?? '' }}
      onSubmit={save}
      // The server refuses a name taken in this company with code 4, naming the field.
      fieldErrors={{ field: 'name', messageByCode: { [ErrorCode.validation]: t('types.exists') } }}
    >
      <FormFields<TypeValues>
        body={createCustomerType.body}
        fields={[
          { name: 'name', label: t('types.name'), control: { kind: 'text' } },
          { name: 'remark', label: t('types.remark'), control: { kind: 'text' } },
        ]}
      />
    </FormModal>
  );
}
