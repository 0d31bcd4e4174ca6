import {
  checkCompanyUserEmail,
  type CompanyMember,
  createCompanyUser,
  ErrorCode,
  type EndpointBody,
} from '@solar/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFields } from '../../../shared/forms/FormFields';
import { takenOnBlurRule } from '../../../shared/forms/taken-on-blur-rule';
import { FormModal, type FormModalControl } from '../../../shared/ui/FormModal';
import { useRoles } from '../../roles/api';
import { useCreateMember, useUpdateMember } from '../api';

type MemberValues = EndpointBody<typeof createCompanyUser>;

/** Creates a member (`member` undefined) or edits one. */
export function MemberFormModal(
  props: FormModalControl & { member: CompanyMember | undefined },
): ReactNode {
  const { member, ...control } = props;
  const { t } = useTranslation(['company', 'validation']);
  const roles = useRoles({ enabled: control.open }).data;
  const createMember = useCreateMember();
  const updateMember = useUpdateMember();
  const isNew = member === undefined;
  const takenEmailMessages = {
    [ErrorCode.accountExists]: t('members.accountExists'),
    [ErrorCode.accountOfAnotherCompany]: t('members.otherCompany'),
  };

  const save = (values: MemberValues) =>
    member
      ? updateMember.mutateAsync({
          params: { id: member.id },
          body: { nickname: values.nickname, phone: values.phone, roleId: values.roleId },
          loading: true,
        })
      : createMember.mutateAsync({ body: values, loading: true });

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
      fieldErrors={{ field: 'email', messageByCode: takenEmailMessages }}
    >
      <FormFields<MemberValues>
        body={createCompanyUser.body}
        fields={[
          {
            name: 'email',
            label: t('members.email'),
            control: { kind: 'text', autoComplete: 'off' },
            isShown: isNew,
            moreRules: [
              takenOnBlurRule(
                checkCompanyUserEmail,
                (read) => {
                  const email = read('email') as string | undefined;
                  return email ? { email } : null;
                },
                takenEmailMessages,
              ),
            ],
            validation: { validateFirst: true, validateTrigger: ['onChange', 'onBlur'] },
          },
          { name: 'nickname', label: t('members.nickname'), control: { kind: 'text' } },
          {
            name: 'password',
            label: t('members.password'),
            control: { kind: 'password', autoComplete: 'new-password' },
            isShown: isNew,
          },
          { name: 'phone', label: t('members.phone'), control: { kind: 'text', inputMode: 'tel' } },
          {
            name: 'roleId',
            label: t('members.role'),
            control: {
              kind: 'select',
              options: (roles?.infos ?? []).map((role) => ({ value: role.id, label: role.name })),
            },
            rules: [{ required: true, message: t('validation:required') }],
          },
        ]}
      />
    </FormModal>
  );
}
