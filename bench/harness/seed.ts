import type { AppDeps } from '../../server/src/app-deps.js';

export interface BenchOwnerOptions {
  email: string;
  /** Defaults to a hash no password matches, for benchmarks that sign tokens directly. */
  passwordHash?: string;
}

/** A plant owner without company; returns its id. */
export async function createBenchOwner(deps: AppDeps, options: BenchOwnerOptions): Promise<number> {
  const owner = await deps.db
    .insertInto('users')
    .values({
      email: options.email,
      password_hash: options.passwordHash ?? 'not-used',
      nickname: 'Bench',
      kind: 'owner',
      company_id: null,
      role_id: null,
      phone: null,
      avatar_url: null,
      theme_color: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return owner.id;
}
