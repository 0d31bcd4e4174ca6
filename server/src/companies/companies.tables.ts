import type { Row } from '../db/schema.js';

export type CompanyRow = Row<'companies'>;
