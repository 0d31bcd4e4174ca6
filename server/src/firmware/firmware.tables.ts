import type { Row } from '../db/schema.js';

export type FirmwareRow = Row<'firmwares'>;
/** A firmware with the e-mail of the account that uploaded it. */
export type FirmwareListRow = FirmwareRow & { creator_email: string | null };
