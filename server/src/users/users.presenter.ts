import type {
  NotificationSettings,
  Personalization,
  UserIdentity,
  UserProfile,
} from '@solar/contract';
import type { CompanyRow } from '../companies/companies.tables.js';
import type { UserRow } from './users.tables.js';

/** The portal's default theme colour (section 1). */
export const DEFAULT_THEME_COLOR = '#E85C0B';

type IdentityFields = Pick<
  UserRow,
  | 'id'
  | 'nickname'
  | 'avatar_url'
  | 'email'
  | 'phone'
  | 'sms_phone'
  | 'sms_phone_verified_at'
  | 'sms_opt_in'
  | 'kind'
>;
type LookFields = Pick<UserRow, 'theme_color' | 'style_type'>;
type CompanyFields = Pick<CompanyRow, 'id' | 'name' | 'logo_url' | 'icon_url' | 'theme_color'>;

export function presentIdentity(user: IdentityFields): UserIdentity {
  return {
    id: user.id,
    nickname: user.nickname,
    avatar: user.avatar_url,
    email: user.email,
    phone: user.phone,
    smsPhone: user.sms_phone,
    smsPhoneVerified: user.sms_phone_verified_at !== null,
    smsOptIn: user.sms_opt_in,
    kind: user.kind,
  };
}

export function presentPersonalization(
  user: LookFields,
  company: Pick<CompanyRow, 'theme_color'> | null,
): Personalization {
  return {
    themeColor: user.theme_color ?? company?.theme_color ?? DEFAULT_THEME_COLOR,
    styleType: user.style_type === 1 ? 1 : 0,
  };
}

export function presentProfile(
  user: IdentityFields & LookFields & Pick<UserRow, 'role_id' | 'is_read_only'>,
  company: CompanyFields | null,
  mustEnrolSecondFactor: boolean,
): UserProfile {
  return {
    userid: presentIdentity(user),
    company: company
      ? {
          id: company.id,
          name: company.name,
          logoUrl: company.logo_url,
          iconUrl: company.icon_url,
          themeColor: company.theme_color,
        }
      : null,
    readOnly: user.is_read_only,
    mustEnrolSecondFactor,
    roleId: user.role_id,
    ...presentPersonalization(user, company),
  };
}

export function presentNotificationSettings(
  user: Pick<UserRow, 'email' | 'notify_by_email' | 'notify_levels'>,
): NotificationSettings {
  return {
    email: user.email,
    notifyByEmail: user.notify_by_email,
    notifyLevels: user.notify_levels.filter(
      (level): level is 'F' | 'W' | 'P' => level === 'F' || level === 'W' || level === 'P',
    ),
  };
}
