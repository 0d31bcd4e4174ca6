import { addAgent, ErrorCode, rules } from '@solar/contract';
import { Form } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../../shared/api/client';
import { zodRule } from '../../../shared/forms/zod-rule';
import { FormModal, type FormModalControl } from '../../../shared/ui/FormModal';
import { TrimmedInput } from '../../../shared/ui/TrimmedInput';

interface AgentValues {
  account: string;
  remark: string;
}

export function AgentFormModal(props: FormModalControl): ReactNode {
  const { t } = useTranslation(['customers', 'validation']);
  /** Section 6's agent rules come back as codes 202 and 900–903; each lands on the field. */
  const agentErrors: Partial<Record<number, string>> = {
    [ErrorCode.agentExists]: t('agents.exists'),
    [ErrorCode.agentSelf]: t('agents.self'),
    [ErrorCode.agentInternal]: t('agents.internal'),
    [ErrorCode.agentNotCompanyAdmin]: t('agents.notAdmin'),
    [ErrorCode.agentOfOthers]: t('agents.ofOthers'),
    [ErrorCode.accountNotRegistered]: t('agents.notRegistered'),
  };

  const save = (values: AgentValues) =>
    apiCall(addAgent, {
      body: values,
      loading: true,
      tolerated: Object.keys(agentErrors).map(Number),
    });

  return (
    <FormModal<AgentValues>
      {...props}
      title={t('agents.add')}
      onSubmit={save}
      fieldErrors={{ field: 'account', messageByCode: agentErrors }}
    >
      <Form.Item name="account" label={t('agents.account')} rules={[zodRule(rules.email, t)]}>
        <TrimmedInput />
      </Form.Item>
      <Form.Item name="remark" label={t('agents.remark')} rules={[zodRule(rules.text(200), t)]}>
        <TrimmedInput />
      </Form.Item>
    </FormModal>
  );
}
