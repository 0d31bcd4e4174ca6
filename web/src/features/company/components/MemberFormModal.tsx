import {
  createCompanyUser,
  ErrorCode,
  listRoles,
  rules,
  updateCompanyUser,
  type CompanyMember,
} from '@solar/contract';
import { Form, Input, Modal, Select } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-error';
import { apiCall } from '../../../shared/api/client';
import { useApiQuery } from '../../../shared/api/hooks';
import { zodRule } from '../../../shared/forms/zod-rule';
import { TrimmedInput } from '../../../shared/ui/TrimmedInput';

interface MemberValues {
  email: string;
  nickname: string;
  password: string;
  phone: string;
  roleId: number;
}

/** Creates a member (`member` undefined) or edits one. */
export function MemberFormModal(props: {
  member: CompanyMember | undefined;
  open: boolean;
  onClose: (isSaved: boolean) => void;
}): ReactNode {
  const { t } = useTranslation(['company', 'validation', 'common']);
  const [form] = Form.useForm<MemberValues>();
  const roles = useApiQuery(
    listRoles,
    { query: { page: 1, size: 50 } },
    { enabled: props.open },
  ).data;
  const isNew = props.member === undefined;

  const save = async (values: MemberValues): Promise<void> => {
    try {
      if (props.member) {
        await apiCall(updateCompanyUser, {
          params: { id: props.member.id },
          body: { nickname: values.nickname, phone: values.phone, roleId: values.roleId },
          loading: true,
        });
      } else {
        await apiCall(createCompanyUser, { body: values, loading: true });
      }
      props.onClose(true);
    } catch (error) {
      if (error instanceof ApiError && error.code === ErrorCode.accountExists) {
        form.setFields([{ name: 'email', errors: [t('members.accountExists')] }]);
      } else if (error instanceof ApiError && error.code === ErrorCode.accountOfAnotherCompany) {
        form.setFields([{ name: 'email', errors: [t('members.otherCompany')] }]);
      }
    }
  };

  return (
    <Modal
      open={props.open}
      title={isNew ? t('members.add') : t('members.edit')}
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
        initialValues={
          props.member
            ? {
                nickname: props.member.nickname,
                phone: props.member.phone ?? '',
                roleId: props.member.roleId ?? undefined,
              }
            : { phone: '' }
        }
        onFinish={(values) => void save(values)}
      >
        {isNew && (
          <Form.Item name="email" label={t('members.email')} rules={[zodRule(rules.email, t)]}>
            <TrimmedInput autoComplete="off" />
          </Form.Item>
        )}
        <Form.Item
          name="nickname"
          label={t('members.nickname')}
          rules={[zodRule(rules.name(32), t)]}
        >
          <TrimmedInput />
        </Form.Item>
        {isNew && (
          <Form.Item
            name="password"
            label={t('members.password')}
            rules={[zodRule(rules.newPassword, t)]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        )}
        <Form.Item
          name="phone"
          label={t('members.phone')}
          rules={[zodRule(rules.phone, t, { optional: true })]}
        >
          <TrimmedInput inputMode="tel" />
        </Form.Item>
        <Form.Item
          name="roleId"
          label={t('members.role')}
          rules={[{ required: true, message: t('validation:required') }]}
        >
          <Select
            options={(roles?.infos ?? []).map((role) => ({ value: role.id, label: role.name }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
