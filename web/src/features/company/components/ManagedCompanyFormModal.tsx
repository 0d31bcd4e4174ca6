import {
  createManagedCompany,
  ErrorCode,
  type ManagedCompany,
  type EndpointBody,
} from '@solar/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrands } from '../../brands/api';
import { FormFields } from '../../../shared/forms/FormFields';
import { FormModal, type FormModalControl } from '../../../shared/ui/FormModal';
import { useCreateManagedCompany, useUpdateManagedCompany } from '../api';

type CompanyValues = EndpointBody<typeof createManagedCompany>;

/** Only filled optional fields are sent: an empty one means "not given". */
function filled(values: Pick<CompanyValues, 'address' | 'phone' | 'themeColor'>) {
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => typeof value === 'string' && value !== ''),
  );
}

/** The brand choices: the default brand, then each brand by name. */
function useBrandOptions() {
  const { t } = useTranslation('company');
  const brands = useBrands({ page: 1, size: 100 });
  return [
    { value: 0, label: t('managed.defaultBrand') },
    ...(brands.data?.infos ?? []).map((brand) => ({
      value: brand.id,
      label: `${brand.name} (${brand.key})`,
    })),
  ];
}

/** Creates a company with its first administrator (`company` undefined) or edits one. */
export function ManagedCompanyFormModal(
  props: FormModalControl & { company: ManagedCompany | undefined },
): ReactNode {
  const { company, ...control } = props;
  const { t } = useTranslation(['company', 'validation']);
  const create = useCreateManagedCompany();
  const update = useUpdateManagedCompany();
  const isNew = company === undefined;
  const brandOptions = useBrandOptions();

  const save = (values: CompanyValues) => {
    const optional = { ...filled(values), brandId: values.brandId };
    return company
      ? update.mutateAsync({
          params: { id: company.id },
          body: { name: values.name, ...optional },
          loading: true,
        })
      : create.mutateAsync({
          body: {
            name: values.name,
            adminEmail: values.adminEmail,
            adminNickname: values.adminNickname,
            adminPassword: values.adminPassword,
            ...optional,
          },
          loading: true,
        });
  };

  return (
    <FormModal<CompanyValues>
      {...control}
      title={isNew ? t('managed.add') : t('managed.edit')}
      initialValues={{
        name: company?.name ?? '',
        address: company?.address ?? '',
        phone: company?.phone ?? '',
        themeColor: company?.themeColor ?? '',
        brandId: company?.brandId ?? 0,
      }}
      onSubmit={save}
      fieldErrors={{
        field: 'name',
        messageByCode: { [ErrorCode.duplicateCompanyName]: t('info.duplicateName') },
      }}
    >
      <FormFields<CompanyValues>
        body={createManagedCompany.body}
        fields={[
          { name: 'name', label: t('info.name'), control: { kind: 'text' } },
          { name: 'address', label: t('info.address'), control: { kind: 'text' } },
          { name: 'phone', label: t('info.phone'), control: { kind: 'text', inputMode: 'tel' } },
          { name: 'themeColor', label: t('info.themeColor'), control: { kind: 'text' } },
          {
            name: 'brandId',
            label: t('managed.brand'),
            control: { kind: 'select', options: brandOptions },
          },
          {
            name: 'adminEmail',
            label: t('managed.adminEmail'),
            control: { kind: 'text', autoComplete: 'off', inputMode: 'email' },
            isShown: isNew,
          },
          {
            name: 'adminNickname',
            label: t('managed.adminNickname'),
            control: { kind: 'text' },
            isShown: isNew,
          },
          {
            name: 'adminPassword',
            label: t('managed.adminPassword'),
            control: { kind: 'password', autoComplete: 'new-password' },
            isShown: isNew,
          },
        ]}
      />
    </FormModal>
  );
}
