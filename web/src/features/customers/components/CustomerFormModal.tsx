import { createCustomer, type Customer, ErrorCode, type EndpointBody } from '@solar/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFields } from '../../../shared/forms/FormFields';
import { FormModal, type FormModalControl } from '../../../shared/ui/FormModal';
import { useCreateCustomer, useCustomerTypeOptions, useUpdateCustomer } from '../api';
import { customerAccountRule } from '../customer-account-rule';

type CustomerValues = EndpointBody<typeof createCustomer>;

export function CustomerFormModal(
  props: FormModalControl & { customer: Customer | undefined },
): ReactNode {
  const { customer, ...control } = props;
  const { t } = useTranslation(['customers', 'validation']);
  const types = useCustomerTypeOptions().data ?? [];
  const create = useCreateCustomer();
  const update = useUpdateCustomer();

  const save = (values: CustomerValues) => {
    const details = { typeId: values.typeId ?? '', remark: values.remark };
    if (!customer) {
      return create.mutateAsync({
        body: { account: values.account, ...details },
        loading: true,
      });
    }
    const { customerId, companyId } = customer;
    return update.mutateAsync({
      params: { customerId, companyId },
      body: details,
      loading: true,
    });
  };

  const accountMessages = {
    [ErrorCode.accountNotRegistered]: t('customers.notRegistered'),
    [ErrorCode.alreadyCompanyCustomer]: t('customers.alreadyCustomer'),
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
      fieldErrors={{ field: 'account', messageByCode: accountMessages }}
    >
      <FormFields<CustomerValues>
        body={createCustomer.body}
        fields={[
          {
            name: 'account',
            label: t('customers.account'),
            control: { kind: 'text', isDisabled: customer !== undefined },
            moreRules: customer ? [] : [customerAccountRule(accountMessages)],
            validation: { validateFirst: true, validateTrigger: ['onChange', 'onBlur'] },
          },
          {
            name: 'typeId',
            label: t('customers.type'),
            control: {
              kind: 'select',
              allowClear: true,
              options: types.map((type) => ({ value: type.id, label: type.name })),
            },
          },
          { name: 'remark', label: t('customers.remark'), control: { kind: 'text' } },
        ]}
      />
    </FormModal>
  );
}
