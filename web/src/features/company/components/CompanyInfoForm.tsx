import {
  checkCompanyName,
  ErrorCode,
  rules,
  type CompanyInfo,
  type EndpointBody,
  type updateCompany,
} from '@solar/contract';
import { App, ColorPicker, Form } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-error';
import { takenOnBlurRule } from '../../../shared/forms/taken-on-blur-rule';
import { zodRule } from '../../../shared/forms/zod-rule';
import { usePermission } from '../../../shared/permissions/Permit';
import { SubmitButton } from '../../../shared/ui/SubmitButton';
import { TrimmedInput } from '../../../shared/ui/TrimmedInput';
import { useUpdateCompany } from '../api';

type CompanyValues = EndpointBody<typeof updateCompany>;

export function CompanyInfoForm(props: { company: CompanyInfo }): ReactNode {
  const { t } = useTranslation(['company', 'validation']);
  const { message } = App.useApp();
  const canEdit = usePermission('company.info.edit');
  const updateCompany = useUpdateCompany();
  const [form] = Form.useForm<CompanyValues>();

  const save = async (values: CompanyValues): Promise<void> => {
    try {
      await updateCompany.mutateAsync({ body: values, loading: true });
      void message.success(t('saved'));
    } catch (error) {
      if (error instanceof ApiError && error.code === ErrorCode.duplicateCompanyName) {
        form.setFields([{ name: 'name', errors: [t('info.duplicateName')] }]);
      }
    }
  };

  // The caller's own company keeps its name without a refusal (the server knows whose it is).
  const nameFree = takenOnBlurRule(
    checkCompanyName,
    (read) => {
      const name = read('name') as string | undefined;
      return name ? { name } : null;
    },
    { [ErrorCode.duplicateCompanyName]: t('info.duplicateName') },
  );

  const { company } = props;
  return (
    <Form
      form={form}
      layout="vertical"
      disabled={!canEdit}
      style={{ maxWidth: 520 }}
      initialValues={{
        name: company.name,
        address: company.address ?? '',
        phone: company.phone ?? '',
        themeColor: company.themeColor ?? '#E85C0B',
      }}
      onFinish={(values) => void save(values)}
    >
      <Form.Item
        name="name"
        label={t('info.name')}
        rules={[zodRule(rules.name(60), t), nameFree]}
        validateFirst
        validateTrigger={['onChange', 'onBlur']}
      >
        <TrimmedInput />
      </Form.Item>
      <Form.Item name="address" label={t('info.address')} rules={[zodRule(rules.text(200), t)]}>
        <TrimmedInput />
      </Form.Item>
      <Form.Item
        name="phone"
        label={t('info.phone')}
        rules={[zodRule(rules.phone, t, { optional: true })]}
      >
        <TrimmedInput inputMode="tel" />
      </Form.Item>
      <Form.Item
        name="themeColor"
        label={t('info.themeColor')}
        getValueFromEvent={(color: { toHexString(): string }) =>
          color.toHexString().toUpperCase().slice(0, 7)
        }
        rules={[zodRule(rules.hexColor, t)]}
      >
        <ColorPicker disabledAlpha showText />
      </Form.Item>
      {canEdit && (
        <SubmitButton type="primary" htmlType="submit">
          {t('save')}
        </SubmitButton>
      )}
    </Form>
  );
}
