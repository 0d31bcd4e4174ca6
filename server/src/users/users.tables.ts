import type { ColumnType, Generated, Selectable } from 'kysely';

export type UserKind = 'platform_admin' | 'company_admin' | 'staff' | 'owner';

export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  nickname: string;
  phone: string | null;
  avatar_url: string | null;
  kind: UserKind;
  company_id: number | null;
  role_id: number | null;
  is_enabled: Generated<boolean>;
  language: Generated<string>;
  theme_color: string | null;
  style_type: Generated<number>;
  notify_by_email: Generated<boolean>;
  notify_levels: Generated<string[]>;
  /** Bumped whenever the user's sessions end; access tokens of an older version answer 401. */
  session_version: Generated<number>;
  created_at: ColumnType<Date, never, never>;
}

export type UserRow = Selectable<UsersTable>;

export interface UsersTables {
  users: UsersTable;
}
