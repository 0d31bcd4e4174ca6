import type { Row } from '../db/schema.js';

export type UpgradeJobRow = Row<'upgrade_jobs'>;
