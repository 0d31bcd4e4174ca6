import type { AuthTables } from '../auth/auth.tables.js';
import type { CompaniesTables } from '../companies/companies.tables.js';
import type { LanguagesTables } from '../languages/languages.tables.js';
import type { MailTables } from '../mail/mail.tables.js';
import type { NoticesTables } from '../notices/notices.tables.js';
import type { PlantsTables } from '../plants/plants.tables.js';
import type { TelemetryTables } from '../telemetry/telemetry.tables.js';
import type { UsersTables } from '../users/users.tables.js';
import type { VersionsTables } from '../versions/versions.tables.js';

/** The whole database as Kysely sees it: each domain declares its own tables. */
export interface Database extends UsersTables, CompaniesTables, AuthTables, MailTables, PlantsTables, TelemetryTables, NoticesTables, VersionsTables, LanguagesTables {}
