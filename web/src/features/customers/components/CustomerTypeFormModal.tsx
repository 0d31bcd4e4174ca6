import {
  createCustomerType,
  ErrorCode,
  rules,
  updateCustomerType,
  validationFailureData,
  type CustomerType,
} from '@solar/contract';
import { Form } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, apiCall, toastApiError } from '../../../shared/api/client';
import { zodRule } from '../../../shared/forms/zod-rule';
import { FormModal, type FormModalControl } from '../../../shared/ui/FormModal';
import { TrimmedInput } from '../../../shared/ui/TrimmedInput';

interface TypeValues {
  name: string;
  remark: string;
}

/** Code 4 refusals other than for `name`; the server answers a taken name with `name` listed. */
function isOtherValidationFailure(error: ApiError): boolean {
  if (error.code !== ErrorCode.validation) return false;
  const failure = validationFailureData.safeParse(error.data);
  return !failure.success || !failure.data.fields.some((field) => field.field === 'name');
}

export function CustomerTypeFormModal(
  props: FormModalControl & { type: CustomerType | undefined },
): ReactNode {
  const { type, ...control } = props;
  const { t } = useTranslation(['customers', 'validation']);

  const send = (values: TypeValues) =>
    type
      ? apiCall(updateCustomerType, { params: { id: type.id }, body: values, loading: true })
      : apiCall(createCustomerType, { body: values, loading: true });

  const save = async (values: TypeValues) => {
    try {
      return await send(values);
    } catch (error) {
      if (!(error instanceof ApiError) || !isOtherValidationFailure(error)) throw error;
      // Both calls tolerate 4 for the name, so the client skipped this toast; a plain error
      // keeps the dialog open without the name message.
      toastApiError(error);
      throw new Error(error.message, { cause: error });
    }
  };

  return (
    <FormModal<TypeValues>
      {...control}
      title={type ? t('types.edit') : t('types.add')}
      initialValues={{ name: type?.name ?? '', remark: type?.remark ?? '' }}
      onSubmit={save}
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
