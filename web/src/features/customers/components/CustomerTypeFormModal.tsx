import {
  createCustomerType,
  ErrorCode,
  rules,
  updateCustomerType,
  type CustomerType,
} from '@solar/contract';
import { Form, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-error';
import { apiCall } from '../../../shared/api/client';
import { zodRule } from '../../../shared/forms/zod-rule';
import { TrimmedInput } from '../../../shared/ui/TrimmedInput';

interface TypeValues {
  name: string;
  remark: string;
}

export function CustomerTypeFormModal(props: {
  type: CustomerType | undefined;
  open: boolean;
  onClose: (isSaved: boolean) => void;
}): ReactNode {
  const { t } = useTranslation(['customers', 'validation', 'common']);
  const [form] = Form.useForm<TypeValues>();

  const save = async (values: TypeValues): Promise<void> => {
    try {
      if (props.type) {
        await apiCall(updateCustomerType, {
          params: { id: props.type.id },
          body: values,
          loading: true,
        });
      } else {
        await apiCall(createCustomerType, { body: values, loading: true });
      }
      props.onClose(true);
    } catch (error) {
      // The server answers 4 when the name is taken in this company.
      if (error instanceof ApiError && error.code === ErrorCode.validation) {
        form.setFields([{ name: 'name', errors: [t('types.exists')] }]);
      }
    }
  };

  return (
    <Modal
      open={props.open}
      title={props.type ? t('types.edit') : t('types.add')}
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
        initialValues={{ name: props.type?.name ?? '', remark: props.type?.remark ?? '' }}
        onFinish={(values) => void save(values)}
      >
        <Form.Item name="name" label={t('types.name')} rules={[zodRule(rules.name(32), t)]}>
          <TrimmedInput />
        </Form.Item>
        <Form.Item name="remark" label={t('types.remark')} rules={[zodRule(rules.text(200), t)]}>
          <TrimmedInput />
        </Form.Item>
      </Form>
    </Modal>
  );
}
