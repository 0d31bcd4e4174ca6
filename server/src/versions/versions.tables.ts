import type { Row } from '../db/schema.js';

export type { VersionNotes } from '../db/json-columns.js';
export type VersionRow = Row<'versions'>;
