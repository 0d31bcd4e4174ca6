import { createRole, ErrorCode, rules, updateRole, type CompanyRole } from '@solar/contract';
import { Form, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-error';
import { apiCall } from '../../../shared/api/client';
import { zodRule } from '../../../shared/forms/zod-rule';
import { TrimmedInput } from '../../../shared/ui/TrimmedInput';
import { PermissionTreeEditor } from './PermissionTreeEditor';

interface RoleValues {
  name: string;
  remark: string;
  permissions: string[];
}

export function RoleFormModal(props: {
  role: CompanyRole | undefined;
  open: boolean;
  onClose: (isSaved: boolean) => void;
}): ReactNode {
  const { t } = useTranslation(['roles', 'validation', 'common']);
  const [form] = Form.useForm<RoleValues>();

  const save = async (values: RoleValues): Promise<void> => {
    const body = { name: values.name, remark: values.remark, permissions: values.permissions };
    try {
      if (props.role) {
        await apiCall(updateRole, { params: { id: props.role.id }, body, loading: true });
      } else {
        await apiCall(createRole, { body, loading: true });
      }
      props.onClose(true);
    } catch (error) {
      if (error instanceof ApiError && error.code === ErrorCode.roleExists) {
        form.setFields([{ name: 'name', errors: [t('exists')] }]);
      }
    }
  };

  return (
    <Modal
      open={props.open}
      title={props.role ? t('edit') : t('add')}
      okText={t('common:actions.save')}
      cancelText={t('common:actions.cancel')}
      onOk={() => form.submit()}
      onCancel={() => props.onClose(false)}
      destroyOnHidden
      width={640}
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{
          name: props.role?.name ?? '',
          remark: props.role?.remark ?? '',
          permissions: props.role?.permissions ?? [],
        }}
        onFinish={(values) => void save(values)}
      >
        <Form.Item name="name" label={t('name')} rules={[zodRule(rules.name(20), t)]}>
          <TrimmedInput />
        </Form.Item>
        <Form.Item name="remark" label={t('remark')} rules={[zodRule(rules.text(100), t)]}>
          <TrimmedInput />
        </Form.Item>
        <Form.Item name="permissions" label={t('permissions')}>
          <PermissionTreeEditor />
        </Form.Item>
      </Form>
    </Modal>
  );
}
