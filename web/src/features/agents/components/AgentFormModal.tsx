import { addAgent, ErrorCode, rules } from '@solar/contract';
import { Form, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-error';
import { apiCall } from '../../../shared/api/client';
import { zodRule } from '../../../shared/forms/zod-rule';
import { TrimmedInput } from '../../../shared/ui/TrimmedInput';

interface AgentValues {
  account: string;
  remark: string;
}

/** Section 6's agent rules come back as codes 202 and 900–903; each lands on the field. */
const AGENT_ERRORS: Partial<Record<number, string>> = {
  [ErrorCode.agentExists]: 'agents.exists',
  [ErrorCode.agentSelf]: 'agents.self',
  [ErrorCode.agentInternal]: 'agents.internal',
  [ErrorCode.agentNotCompanyAdmin]: 'agents.notAdmin',
  [ErrorCode.agentOfOthers]: 'agents.ofOthers',
  [ErrorCode.accountNotRegistered]: 'agents.notRegistered',
};

export function AgentFormModal(props: {
  open: boolean;
  onClose: (isSaved: boolean) => void;
}): ReactNode {
  const { t } = useTranslation(['customers', 'validation', 'common']);
  const [form] = Form.useForm<AgentValues>();

  const save = async (values: AgentValues): Promise<void> => {
    try {
      await apiCall(addAgent, {
        body: values,
        loading: true,
        tolerated: Object.keys(AGENT_ERRORS).map(Number),
      });
      props.onClose(true);
    } catch (error) {
      const key = error instanceof ApiError ? AGENT_ERRORS[error.code] : undefined;
      if (key) form.setFields([{ name: 'account', errors: [t(key)] }]);
    }
  };

  return (
    <Modal
      open={props.open}
      title={t('agents.add')}
      okText={t('common:actions.save')}
      cancelText={t('common:actions.cancel')}
      onOk={() => form.submit()}
      onCancel={() => props.onClose(false)}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false} onFinish={(values) => void save(values)}>
        <Form.Item name="account" label={t('agents.account')} rules={[zodRule(rules.email, t)]}>
          <TrimmedInput />
        </Form.Item>
        <Form.Item name="remark" label={t('agents.remark')} rules={[zodRule(rules.text(200), t)]}>
          <TrimmedInput />
        </Form.Item>
      </Form>
    </Modal>
  );
}
