import { createCustomer, ErrorCode, rules, updateCustomer, type Customer } from '@solar/contract';
import { Form, Modal, Select } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-error';
import { apiCall } from '../../../shared/api/client';
import { zodRule } from '../../../shared/forms/zod-rule';
import { TrimmedInput } from '../../../shared/ui/TrimmedInput';
import { useCustomerTypeOptions } from '../api';

interface CustomerValues {
  account: string;
  typeId: number | undefined;
  remark: string;
}

const ACCOUNT_ERRORS: Partial<Record<number, string>> = {
  [ErrorCode.accountNotRegistered]: 'customers.notRegistered',
  [ErrorCode.alreadyCompanyCustomer]: 'customers.alreadyCustomer',
};

export function CustomerFormModal(props: {
  customer: Customer | undefined;
  open: boolean;
  onClose: (isSaved: boolean) => void;
}): ReactNode {
  const { t } = useTranslation(['customers', 'validation', 'common']);
  const [form] = Form.useForm<CustomerValues>();
  const types = useCustomerTypeOptions().data ?? [];

  const save = async (values: CustomerValues): Promise<void> => {
    const details = { typeId: values.typeId ?? '', remark: values.remark };
    try {
      if (props.customer) {
        const { customerId, companyId } = props.customer;
        await apiCall(updateCustomer, {
          params: { customerId, companyId },
          body: details,
          loading: true,
        });
      } else {
        await apiCall(createCustomer, {
          body: { account: values.account, ...details },
          loading: true,
        });
      }
      props.onClose(true);
    } catch (error) {
      const key = error instanceof ApiError ? ACCOUNT_ERRORS[error.code] : undefined;
      if (key) form.setFields([{ name: 'account', errors: [t(key)] }]);
    }
  };

  return (
    <Modal
      open={props.open}
      title={props.customer ? t('customers.edit') : t('customers.add')}
      okText={t('common:actions.save')}
      cancelText={t('common:actions.cancel')}
      onOk={() => form.submit()}
      onCancel={() => props.onClose(false)}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{
          account: props.customer?.account ?? '',
          typeId: props.customer?.typeId ?? undefined,
          remark: props.customer?.remark ?? '',
        }}
        onFinish={(values) => void save(values)}
      >
        <Form.Item name="account" label={t('customers.account')} rules={[zodRule(rules.email, t)]}>
          <TrimmedInput disabled={props.customer !== undefined} />
        </Form.Item>
        <Form.Item name="typeId" label={t('customers.type')}>
          <Select
            allowClear
            options={types.map((type) => ({ value: type.id, label: type.name }))}
          />
        </Form.Item>
        <Form.Item
          name="remark"
          label={t('customers.remark')}
          rules={[zodRule(rules.text(200), t)]}
        >
          <TrimmedInput />
        </Form.Item>
      </Form>
    </Modal>
  );
}
