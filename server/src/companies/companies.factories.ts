import type { AppDeps } from '../app-deps.js';
import { buildRole, buildUser, tokenFor } from '../test/factories.js';

/** A staff member of `companyId` whose role holds exactly `permissions`, with a token. */
export async function buildStaffWith(deps: AppDeps, companyId: number, permissions: string[]) {
  const role = await buildRole(deps, companyId, permissions);
  const user = await buildUser(deps, { kind: 'staff', companyId, roleId: role.id });
  return { role, user, token: await tokenFor(deps, user.id) };
}
