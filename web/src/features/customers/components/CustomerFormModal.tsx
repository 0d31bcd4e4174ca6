import { createCustomer, ErrorCode, rules, updateCustomer, type Customer } from '@solar/contract';
import { Form, Select } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../../shared/api/client';
import { zodRule } from '../../../shared/forms/zod-rule';
import { FormModal, type FormModalControl } from '../../../shared/ui/FormModal';
import { TrimmedInput } from '../../../shared/ui/TrimmedInput';
import { useCustomerTypeOptions } from '../api';

interface CustomerValues {
  account: string;
  typeId: number | undefined;
  remark: string;
}

export function CustomerFormModal(
  props: FormModalControl & { customer: Customer | undefined },
): ReactNode {
  const { customer, ...control } = props;
  const { t } = useTranslation(['customers', 'validation']);
  const types = useCustomerTypeOptions().data ?? [];

  const save = (values: CustomerValues) => {
    const details = { typeId: values.typeId ?? '', remark: values.remark };
    if (!customer) {
      return apiCall(createCustomer, {
        body: { account: values.account, ...details },
        loading: true,
      });
    }
    const { customerId, companyId } = customer;
    return apiCall(updateCustomer, {
      params: { customerId, companyId },
      body: details,
      loading: true,
    });
  };

  return (
    <FormModal<CustomerValues>
      {...control}
      title={customer ? t('customers.edit') : t('customers.add')}
      initialValues={{
        account: customer?.account ?? '',
        typeId: customer?.typeId ?? undefined,
        remark: customer?.remark ?? '',
      }}
      onSubmit={save}
      fieldErrors={{
        field: 'account',
        messageByCode: {
          [ErrorCode.accountNotRegistered]: t('customers.notRegistered'),
          [ErrorCode.alreadyCompanyCustomer]: t('customers.alreadyCustomer'),
        },
      }}
    >
      <Form.Item name="account" label={t('customers.account')} rules={[zodRule(rules.email, t)]}>
        <TrimmedInput disabled={customer !== undefined} />
      </Form.Item>
      <Form.Item name="typeId" label={t('customers.type')}>
        <Select allowClear options={types.map((type) => ({ value: type.id, label: type.name }))} />
      </Form.Item>
      <Form.Item name="remark" label={t('customers.remark')} rules={[zodRule(rules.text(200), t)]}>
        <TrimmedInput />
      </Form.Item>
    </FormModal>
  );
}
