import type { Agent } from '@solar/contract';

export interface AgentRecord {
  id: number;
  company_id: number;
  agent_user_id: number;
  email: string;
  nickname: string;
  agent_company_name: string | null;
  remark: string | null;
  created_at: Date;
}

export function presentAgent(row: AgentRecord): Agent {
  return {
    id: row.id,
    companyId: row.company_id,
    agentUserId: row.agent_user_id,
    account: row.email,
    nickname: row.nickname,
    agentCompanyName: row.agent_company_name,
    remark: row.remark,
    createdAt: row.created_at.toISOString(),
  };
}
