import {
  createCustomerType,
  ErrorCode,
  rules,
  updateCustomerType,
  type CustomerType,
} from '@solar/contract';
import { Form } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../../shared/api/client';
import { zodRule } from '../../../shared/forms/zod-rule';
import { FormModal, type FormModalControl } from '../../../shared/ui/FormModal';
import { TrimmedInput } from '../../../shared/ui/TrimmedInput';

interface TypeValues {
  name: string;
  remark: string;
}

export function CustomerTypeFormModal(
  props: FormModalControl & { type: CustomerType | undefined },
): ReactNode {
  const { type, ...control } = props;
  const { t } = useTranslation(['customers', 'validation']);

  const save = (values: TypeValues) =>
    type
      ? apiCall(updateCustomerType, { params: { id: type.id }, body: values, loading: true })
      : apiCall(createCustomerType, { body: values, loading: true });

  return (
    <FormModal<TypeValues>
      {...control}
      title={type ? t('types.edit') : t('types.add')}
      initialValues={{ name: type?.name ?? '', remark: type?.remark ?? '' }}
      onSubmit={save}
      // The server refuses a name taken in this company with code 4, naming the field.
      fieldErrors={{ field: 'name', messageByCode: { [ErrorCode.validation]: t('types.exists') } }}
    >
      <Form.Item name="name" label={t('types.name')} rules={[zodRule(rules.name(32), t)]}>
        <TrimmedInput />
      </Form.Item>
      <Form.Item name="remark" label={t('types.remark')} rules={[zodRule(rules.text(200), t)]}>
        <TrimmedInput />
      </Form.Item>
    </FormModal>
  );
}
