import { ErrorCode, type listAgents, type ParsedQuery } from '@solar/contract';
import type { AuthContext } from '../auth/auth-context.js';
import { assertInTenant, listScope, requireCompanyId } from '../companies/tenant.js';
import type { Db } from '../db/database.js';
import { accountMatches, fetchPage, isUniqueViolation } from '../db/listing.js';
import { AppError } from '../errors/app-error.js';
import { requireAccountByEmail } from '../accounts/account-records.js';
import type { AgentRecord } from './agents.presenter.js';

/**
 * Agents act for a company: each is the administrator account of another company, and an
 * account is the agent of at most one company (section 6; the table enforces it too).
 */
export class AgentsService {
  constructor(private readonly db: Db) {}

  private agents() {
    return this.db
      .selectFrom('agents')
      .innerJoin('users', 'users.id', 'agents.agent_user_id')
      .leftJoin('companies', 'companies.id', 'users.company_id');
  }

  private columns = [
    'agents.id',
    'agents.company_id',
    'agents.agent_user_id',
    'users.email',
    'users.nickname',
    'companies.name as agent_company_name',
    'agents.remark',
    'agents.created_at',
  ] as const;

  async list(
    auth: AuthContext,
    query: ParsedQuery<typeof listAgents>,
  ): Promise<{ rows: AgentRecord[]; total: number }> {
    const companyId = listScope(auth);
    let base = this.agents();
    if (companyId !== null) base = base.where('agents.company_id', '=', companyId);
    const search = query.search?.trim();
    if (search) base = base.where(accountMatches(search));
    return fetchPage(
      base.select(this.columns).orderBy('agents.id'),
      base.select((eb) => eb.fn.countAll<number>().as('total')),
      query,
    );
  }

  async get(auth: AuthContext, agentId: number): Promise<AgentRecord> {
    const row = await this.agents()
      .select(this.columns)
      .where('agents.id', '=', agentId)
      .executeTakeFirst();
    return assertInTenant(auth, row);
  }

  async add(auth: AuthContext, email: string, remark: string | null): Promise<AgentRecord> {
    const companyId = requireCompanyId(auth);
    const account = await requireAccountByEmail(this.db, email, { companyId });
    if (account.id === auth.userId) throw new AppError(ErrorCode.agentSelf);
    if (account.company_id === companyId) throw new AppError(ErrorCode.agentInternal);
    if (account.kind !== 'company_admin') throw new AppError(ErrorCode.agentNotCompanyAdmin);
    const existing = await this.db
      .selectFrom('agents')
      .select('company_id')
      .where('agent_user_id', '=', account.id)
      .executeTakeFirst();
    if (existing) {
      throw new AppError(
        existing.company_id === companyId ? ErrorCode.agentExists : ErrorCode.agentOfOthers,
      );
    }
    try {
      const row = await this.db
        .insertInto('agents')
        .values({ company_id: companyId, agent_user_id: account.id, remark })
        .returning('id')
        .executeTakeFirstOrThrow();
      return await this.get(auth, row.id);
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError(ErrorCode.agentOfOthers);
      throw error;
    }
  }

  async remove(auth: AuthContext, agentId: number): Promise<void> {
    const agent = await this.get(auth, agentId);
    await this.db.deleteFrom('agents').where('id', '=', agent.id).execute();
  }
}
