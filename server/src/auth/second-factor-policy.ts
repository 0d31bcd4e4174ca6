import { SECOND_FACTOR_PERMISSIONS } from '@solar/contract';
import type { ExpressionBuilder } from 'kysely';
import type { Config } from '../config/config.js';
import type { Database } from '../db/schema.js';
import type { EnabledUser } from './auth-context.js';

/** Who must hold a second factor beyond what companies decide for their roles. */
export interface SecondFactorPolicy {
  isRequiredOfPlatformAdmins: boolean;
}

/**
 * A platform administrator's account always requires a second factor, except in the embedded
 * demo (no DATABASE_URL): its public demo accounts are signed in with a password only, by
 * people trying the product and by outside probes (docs/security.md).
 */
export function secondFactorPolicyOf(config: Pick<Config, 'isEmbedded'>): SecondFactorPolicy {
  return { isRequiredOfPlatformAdmins: !config.isEmbedded };
}

type UserScope = ExpressionBuilder<Database, 'users'>;

/** Whether the account (the `users` row in scope) has a confirmed authenticator app. */
export const hasTotp = (eb: UserScope) =>
  eb.exists(
    eb
      .selectFrom('second_factors')
      .select('second_factors.user_id')
      .whereRef('second_factors.user_id', '=', 'users.id')
      .where('second_factors.enabled_at', 'is not', null),
  );

/** Whether the account (the `users` row in scope) has registered a passkey. */
export const hasPasskey = (eb: UserScope) =>
  eb.exists(
    eb.selectFrom('passkeys').select('passkeys.id').whereRef('passkeys.user_id', '=', 'users.id'),
  );

/**
 * Whether the account (the `users` row in scope) has a second factor turned on: the one
 * definition, which every kind of factor joins.
 */
export function hasSecondFactor(eb: UserScope) {
  return eb.or([hasTotp(eb), hasPasskey(eb)]).$castTo<boolean>();
}

/**
 * Whether the account's session is limited to setting up a second factor: it has none, and it
 * is a platform administrator (under `policy`) or its company requires one of roles holding any
 * of `SECOND_FACTOR_PERMISSIONS`.
 */
export function mustEnrolSecondFactor(
  { context, secondFactor }: EnabledUser,
  policy: SecondFactorPolicy,
): boolean {
  if (secondFactor.hasSecondFactor) return false;
  if (context.kind === 'platform_admin') return policy.isRequiredOfPlatformAdmins;
  return (
    secondFactor.isRequiredByCompany &&
    SECOND_FACTOR_PERMISSIONS.some((permission) => context.permissions.has(permission))
  );
}
