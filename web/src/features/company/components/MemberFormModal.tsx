import {
  createCompanyUser,
  ErrorCode,
  listRoles,
  rules,
  updateCompanyUser,
  type CompanyMember,
} from '@solar/contract';
import { Form, Input, Select } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../../shared/api/client';
import { useApiQuery } from '../../../shared/api/hooks';
import { zodRule } from '../../../shared/forms/zod-rule';
import { FormModal, type FormModalControl } from '../../../shared/ui/FormModal';
import { TrimmedInput } from '../../../shared/ui/TrimmedInput';

interface MemberValues {
  email: string;
  nickname: string;
  password: string;
  phone: string;
  roleId: number;
}

/** Creates a member (`member` undefined) or edits one. */
export function MemberFormModal(
  props: FormModalControl & { member: CompanyMember | undefined },
): ReactNode {
  const { member, ...control } = props;
  const { t } = useTranslation(['company', 'validation']);
  const roles = useApiQuery(
    listRoles,
    { query: { page: 1, size: 50 } },
    { enabled: control.open },
  ).data;
  const isNew = member === undefined;

  const save = (values: MemberValues) =>
    member
      ? apiCall(updateCompanyUser, {
          params: { id: member.id },
          body: { nickname: values.nickname, phone: values.phone, roleId: values.roleId },
          loading: true,
        })
      : apiCall(createCompanyUser, { body: values, loading: true });

  return (
    <FormModal<MemberValues>
      {...control}
      title={isNew ? t('members.add') : t('members.edit')}
      initialValues={
        member
          ? {
              nickname: member.nickname,
              phone: member.phone ?? '',
              roleId: member.roleId ?? undefined,
            }
          : { phone: '' }
      }
      onSubmit={save}
      fieldErrors={{
        field: 'email',
        messageByCode: {
          [ErrorCode.accountExists]: t('members.accountExists'),
          [ErrorCode.accountOfAnotherCompany]: t('members.otherCompany'),
        },
      }}
    >
      {isNew && (
        <Form.Item name="email" label={t('members.email')} rules={[zodRule(rules.email, t)]}>
          <TrimmedInput autoComplete="off" />
        </Form.Item>
      )}
      <Form.Item name="nickname" label={t('members.nickname')} rules={[zodRule(rules.name(32), t)]}>
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
    </FormModal>
  );
}
