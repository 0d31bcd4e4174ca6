import {
  companyPermissionList,
  type CompanyRole,
  createRole,
  ErrorCode,
  type EndpointBody,
} from '@solar/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../../shared/forms/zod-rule';
import { FormFields } from '../../../shared/forms/FormFields';
import { FormModal, type FormModalControl } from '../../../shared/ui/FormModal';
import { useCreateRole, useUpdateRole } from '../api';
import { roleNameFreeRule } from '../role-name-rule';
import { PermissionTreeEditor } from './PermissionTreeEditor';

type RoleValues = Pick<EndpointBody<typeof createRole>, 'name' | 'remark' | 'permissions'>;

export function RoleFormModal(
  props: FormModalControl & { role: CompanyRole | undefined },
): ReactNode {
  const { role, ...control } = props;
  const { t } = useTranslation(['roles', 'validation']);
  const create = useCreateRole();
  const update = useUpdateRole();

  const save = (values: RoleValues) => {
    const body = { name: values.name, remark: values.remark, permissions: values.permissions };
    return role
      ? update.mutateAsync({ params: { id: role.id }, body, loading: true })
      : create.mutateAsync({ body, loading: true });
  };

  return (
    <FormModal<RoleValues>
      {...control}
      title={role ? t('edit') : t('add')}
      width={640}
      initialValues={{
        name: role?.name ?? '',
        remark: role?.remark ?? '',
        permissions: role?.permissions ?? [],
      }}
      onSubmit={save}
      fieldErrors={{ field: 'name', messageByCode: { [ErrorCode.roleExists]: t('exists') } }}
    >
      <FormFields<RoleValues>
        body={createRole.body}
        fields={[
          {
            name: 'name',
            label: t('name'),
            control: { kind: 'text' },
            moreRules: [roleNameFreeRule(role?.id, t('exists'))],
            validation: { validateFirst: true, validateTrigger: ['onChange', 'onBlur'] },
          },
          { name: 'remark', label: t('remark'), control: { kind: 'text' } },
          {
            name: 'permissions',
            label: t('permissions'),
            control: { kind: 'custom', control: <PermissionTreeEditor /> },
            rules: [zodRule(companyPermissionList, t)],
          },
        ]}
      />
    </FormModal>
  );
}
