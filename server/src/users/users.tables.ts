import type { Row } from '../db/schema.js';

export type UserRow = Row<'users'>;
