import type { Row } from '../db/schema.js';

export type NoticeRow = Row<'notices'>;
