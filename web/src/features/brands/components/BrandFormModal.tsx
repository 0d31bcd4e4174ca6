import {
  brandAgreement,
  brandChange,
  brandKey,
  createBrand,
  ErrorCode,
  type ManagedBrand,
  type EndpointBody,
} from '@solar/contract';
import { Select, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { languageTextsOf } from '../../../shared/forms/language-text-fields';
import { zodRule } from '../../../shared/forms/zod-rule';
import { FormFields } from '../../../shared/forms/FormFields';
import { FormModal, type FormModalControl } from '../../../shared/ui/FormModal';
import { useCreateBrand, useUpdateBrand } from '../api';
import { BrandAgreementField } from './BrandAgreementField';
import { BrandTextFields } from './BrandTextFields';

type BrandValues = EndpointBody<typeof createBrand>;

/** An empty text field means "none". */
const orNull = (value: string | null | undefined) => (value ? value : null);

/** Creates a brand or edits one (its key stays). */
export function BrandFormModal(
  props: FormModalControl & { brand: ManagedBrand | undefined },
): ReactNode {
  const { brand, ...control } = props;
  const { t } = useTranslation(['brands', 'validation']);
  const create = useCreateBrand();
  const update = useUpdateBrand();

  const save = (values: BrandValues) => {
    const body = {
      name: values.name,
      primaryColor: values.primaryColor,
      hosts: values.hosts,
      signInTitle: languageTextsOf(values.signInTitle ?? {}),
      footerText: languageTextsOf(values.footerText ?? {}),
      agreement: languageTextsOf(values.agreement ?? {}),
      mailFromName: orNull(values.mailFromName),
      mailFromAddress: orNull(values.mailFromAddress),
    };
    if (brand) return update.mutateAsync({ params: { id: brand.id }, body, loading: true });
    return create.mutateAsync({ body: { ...body, key: values.key }, loading: true });
  };

  return (
    <FormModal<BrandValues>
      {...control}
      title={brand ? t('edit') : t('create')}
      width={640}
      initialValues={{
        key: brand?.key ?? '',
        name: brand?.name ?? '',
        primaryColor: brand?.primaryColor ?? '#1677FF',
        hosts: brand?.hosts ?? [],
        signInTitle: brand?.signInTitle ?? {},
        footerText: brand?.footerText ?? {},
        agreement: brand?.agreement ?? {},
        mailFromName: brand?.mailFromName ?? '',
        mailFromAddress: brand?.mailFromAddress ?? '',
      }}
      onSubmit={save}
      fieldErrors={{ field: 'key', messageByCode: { [ErrorCode.codeExists]: t('taken') } }}
    >
      <FormFields<BrandValues>
        body={createBrand.body}
        fields={[
          {
            name: 'key',
            label: t('fields.key'),
            control: { kind: 'text', isDisabled: Boolean(brand), autoComplete: 'off' },
            rules: brand ? [] : [zodRule(brandKey, t)],
          },
          { name: 'name', label: t('fields.name'), control: { kind: 'text' } },
          {
            name: 'primaryColor',
            label: t('fields.primaryColor'),
            control: { kind: 'text', autoComplete: 'off' },
          },
          {
            name: 'hosts',
            label: t('fields.hosts'),
            control: {
              kind: 'custom',
              control: <Select mode="tags" open={false} tokenSeparators={[',', ' ']} />,
            },
            rules: [zodRule(brandChange.shape.hosts, t)],
          },
          { name: 'mailFromName', label: t('fields.mailFromName'), control: { kind: 'text' } },
          {
            name: 'mailFromAddress',
            label: t('fields.mailFromAddress'),
            control: { kind: 'text', inputMode: 'email', autoComplete: 'off' },
          },
          {
            name: 'agreement',
            label: t('fields.agreement'),
            control: { kind: 'custom', control: <BrandAgreementField /> },
            rules: [zodRule(brandAgreement, t)],
          },
        ]}
      />
      <Space orientation="vertical" style={{ width: '100%' }}>
        <BrandTextFields name="signInTitle" />
        <BrandTextFields name="footerText" />
      </Space>
    </FormModal>
  );
}
