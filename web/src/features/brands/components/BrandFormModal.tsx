import {
  type BrandTexts,
  brandChange,
  brandKey,
  ErrorCode,
  type ManagedBrand,
  rules,
} from '@solar/contract';
import { Select, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { languageTextsOf } from '../../../shared/forms/language-text-fields';
import { zodRule } from '../../../shared/forms/zod-rule';
import { FormFields } from '../../../shared/list-page/FormFields';
import { FormModal, type FormModalControl } from '../../../shared/ui/FormModal';
import { useCreateBrand, useUpdateBrand } from '../api';
import { BrandTextFields } from './BrandTextFields';

interface BrandValues {
  key: string;
  name: string;
  primaryColor: string;
  hosts: string[];
  signInTitle: BrandTexts;
  footerText: BrandTexts;
}

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
      }}
      onSubmit={save}
      fieldErrors={{ field: 'key', messageByCode: { [ErrorCode.codeExists]: t('taken') } }}
    >
      <FormFields<BrandValues>
        fields={[
          {
            name: 'key',
            label: t('fields.key'),
            control: { kind: 'text', isDisabled: Boolean(brand), autoComplete: 'off' },
            rules: brand ? [] : [zodRule(brandKey, t)],
          },
          {
            name: 'name',
            label: t('fields.name'),
            control: { kind: 'text' },
            rules: [zodRule(rules.name(40), t)],
          },
          {
            name: 'primaryColor',
            label: t('fields.primaryColor'),
            control: { kind: 'text', autoComplete: 'off' },
            rules: [zodRule(rules.hexColor, t)],
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
        ]}
      />
      <Space orientation="vertical" style={{ width: '100%' }}>
        <BrandTextFields name="signInTitle" />
        <BrandTextFields name="footerText" />
      </Space>
    </FormModal>
  );
}
