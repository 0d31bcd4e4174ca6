import {
  companyPermissionList,
  createRole,
  ErrorCode,
  rules,
  updateRole,
  type CompanyRole,
} from '@solar/contract';
import { Form } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../../shared/api/client';
import { zodRule } from '../../../shared/forms/zod-rule';
import { FormModal, type FormModalControl } from '../../../shared/ui/FormModal';
import { TrimmedInput } from '../../../shared/ui/TrimmedInput';
import { roleNameFreeRule } from '../role-name-rule';
import { PermissionTreeEditor } from './PermissionTreeEditor';

interface RoleValues {
  name: string;
  remark: string;
  permissions: string[];
}

export function RoleFormModal(
  props: FormModalControl & { role: CompanyRole | undefined },
): ReactNode {
  const { role, ...control } = props;
  const { t } = useTranslation(['roles', 'validation']);

  const save = (values: RoleValues) => {
    const body = { name: values.name, remark: values.remark, permissions: values.permissions };
    return role
      ? apiCall(updateRole, { params: { id: role.id }, body, loading: true })
      : apiCall(createRole, { body, loading: true });
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
      <Form.Item
        name="name"
        label={t('name')}
        validateFirst
        validateTrigger={['onChange', 'onBlur']}
        rules={[zodRule(rules.name(20), t), roleNameFreeRule(role?.id, t('exists'))]}
      >
        <TrimmedInput />
      </Form.Item>
      <Form.Item name="remark" label={t('remark')} rules={[zodRule(rules.text(100), t)]}>
        <TrimmedInput />
      </Form.Item>
      <Form.Item
        name="permissions"
        label={t('permissions')}
        rules={[zodRule(companyPermissionList, t)]}
      >
        <PermissionTreeEditor />
      </Form.Item>
    </FormModal>
  );
}
