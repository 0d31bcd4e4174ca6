import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, never, never>;

export interface RefreshTokensTable {
  id: Generated<number>;
  user_id: number;
  family_id: string;
  token_hash: string;
  expires_at: Date;
  rotated_at: Date | null;
  revoked_at: Date | null;
  created_at: CreatedAt;
}

/** One attempt budget: `used` attempts taken in the window that ends at `window_ends_at`. */
export interface AuthBudgetsTable {
  scope: string;
  subject: string;
  used: number;
  window_ends_at: Date;
}

export interface VerificationCodesTable {
  id: Generated<number>;
  email: string;
  purpose: string;
  code_hash: string;
  expires_at: Date;
  failed_checks: Generated<number>;
  consumed_at: Date | null;
  created_at: CreatedAt;
}

export interface AuthTables {
  refresh_tokens: RefreshTokensTable;
  auth_budgets: AuthBudgetsTable;
  verification_codes: VerificationCodesTable;
}
