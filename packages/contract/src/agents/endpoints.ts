import { z } from 'zod';
import { ErrorCode } from '../errors/codes.js';
import { defineEndpoint, pageOf, requires } from '../http/endpoint.js';
import * as rules from '../validation/rules.js';

/** An agent: the administrator account of another company acting for this one. */
export const agentInfo = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  agentUserId: z.number().int(),
  account: z.string(),
  nickname: z.string(),
  agentCompanyName: z.string().nullable(),
  remark: z.string().nullable(),
  createdAt: z.string(),
});
export type Agent = z.infer<typeof agentInfo>;

export const listAgents = defineEndpoint({
  method: 'GET',
  path: '/api/v1/agents',
  summary: "The company's agents, searchable by account",
  tag: 'agent',
  access: requires('agent.manage'),
  isCompanyScoped: true,
  query: z.object({ ...rules.paging, search: rules.text(64).optional() }),
  data: pageOf(agentInfo),
});

export const addAgent = defineEndpoint({
  method: 'POST',
  path: '/api/v1/agent',
  summary: "Add another company's administrator account as the company's agent",
  tag: 'agent',
  access: requires('agent.manage'),
  isCompanyScoped: true,
  encoding: 'form',
  body: z.strictObject({
    account: rules.email,
    remark: z
      .preprocess((value) => (value === '' ? null : value), rules.text(200).nullable())
      .optional(),
  }),
  data: agentInfo,
  tolerated: [ErrorCode.agentExists],
});

export const removeAgent = defineEndpoint({
  method: 'POST',
  path: '/api/v1/agent/:id/delete',
  summary: 'Remove an agent from the company',
  tag: 'agent',
  access: requires('agent.manage'),
  isCompanyScoped: true,
  params: z.object({ id: rules.id }),
  data: z.null(),
});
