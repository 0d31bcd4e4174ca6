import type { Row } from '../db/schema.js';

export type UserRow = Row<'users'>;
export type UserKind = UserRow['kind'];
