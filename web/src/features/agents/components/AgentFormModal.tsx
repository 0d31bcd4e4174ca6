import { addAgent, ErrorCode, type EndpointBody } from '@solar/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFields } from '../../../shared/forms/FormFields';
import { FormModal, type FormModalControl } from '../../../shared/ui/FormModal';
import { useAddAgent } from '../api';

type AgentValues = Pick<EndpointBody<typeof addAgent>, 'account' | 'remark'>;

export function AgentFormModal(props: FormModalControl): ReactNode {
  const { t } = useTranslation(['customers', 'validation']);
  const add = useAddAgent();
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
    add.mutateAsync({
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
      <FormFields<AgentValues>
        body={addAgent.body}
        fields={[
          { name: 'account', label: t('agents.account'), control: { kind: 'text' } },
          { name: 'remark', label: t('agents.remark'), control: { kind: 'text' } },
        ]}
      />
    </FormModal>
  );
}
