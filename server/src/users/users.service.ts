import {
  type editUser,
  ErrorCode,
  type NotificationSettings,
  type ParsedBody,
  type Personalization,
  type ServerLanguage,
  type setNotificationSettings,
  type setPersonalization,
  type setSmsSettings,
  type TokenData,
  type UserIdentity,
  type UserProfile,
} from '@solar/contract';
import { sql } from 'kysely';
import type { AppDeps } from '../app-deps.js';
import {
  mailTarget,
  type MailTarget,
  smsTarget,
  VerificationCodes,
} from '../accounts/verification-codes.js';
import { brandIdOf } from '../accounts/account-records.js';
import type { AuthContext } from '../auth/auth-context.js';
import { AttemptLimiter, attemptLimit, budget } from '../auth/attempt-limiter.js';
import { replacePassword } from '../auth/password-change.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import { RefreshTokens } from '../auth/refresh-tokens.js';
import { AppError } from '../errors/app-error.js';
import { visiblePlants } from '../plants/plant-access.js';
import {
  pictureFolder,
  removePicture,
  savePicture,
  type UploadedFile,
} from '../uploads/picture-upload.js';
import {
  presentIdentity,
  presentNotificationSettings,
  presentPersonalization,
  presentProfile,
} from './users.presenter.js';
import { retryingTransaction } from '../db/retrying-transaction.js';

/** Wrong current-password guesses per signed-in user, so a stolen token cannot find it. */
const PASSWORD_CHECK_PER_USER = attemptLimit('password:check:user', 5, 15);

const IDENTITY_COLUMNS = [
  'id',
  'nickname',
  'avatar_url',
  'email',
  'phone',
  'sms_phone',
  'sms_phone_verified_at',
  'sms_opt_in',
  'kind',
] as const;

/** Only the account holder may read or change their own account through these calls. */
function assertSelf(auth: AuthContext, userId: number): void {
  if (auth.userId !== userId) throw new AppError(ErrorCode.noPermission);
}

/** Alarm texts need a number to go to. */
function assertSmsNumberForOptIn(smsPhone: string | null, smsOptIn: boolean): void {
  if (smsOptIn && smsPhone === null) {
    throw new AppError(ErrorCode.validation, 'SMS opt-in needs an SMS number', {
      fields: [{ field: 'smsPhone', message: 'validation.required' }],
    });
  }
}

type SmsSettings = ParsedBody<typeof setSmsSettings>;

/**
 * The number to confirm with the request's code, or null when none is needed: opting in with a
 * number not confirmed yet needs one; a code sent along for a new number confirms it anyway.
 */
function numberToConfirm(
  current: { sms_phone: string | null; sms_phone_verified_at: Date | null },
  settings: SmsSettings,
): string | null {
  const phone = settings.smsPhone ?? null;
  const isConfirmed = phone === current.sms_phone && current.sms_phone_verified_at !== null;
  if (phone === null || isConfirmed) return null;
  return settings.smsOptIn || settings.code !== undefined ? phone : null;
}

/** The signed-in user's own account: profile, password, avatar, look, alarm e-mails and texts. */
export class UsersService {
  private readonly limiter: AttemptLimiter;
  private readonly refreshTokens: RefreshTokens;
  private readonly codes: VerificationCodes;

  constructor(private readonly deps: AppDeps) {
    this.limiter = new AttemptLimiter(deps.db);
    this.refreshTokens = new RefreshTokens(deps.db, deps.config.REFRESH_TOKEN_TTL_DAYS);
    this.codes = new VerificationCodes(deps);
  }

  private async company(companyId: number | null) {
    if (companyId === null) return null;
    const row = await this.deps.db
      .selectFrom('companies')
      .select(['id', 'name', 'logo_url', 'icon_url', 'theme_color'])
      .where('id', '=', companyId)
      .executeTakeFirst();
    return row ?? null;
  }

  /** `mustEnrolSecondFactor`: the session's standing, as the authentication hook found it. */
  async profile(
    auth: AuthContext,
    lan: ServerLanguage | undefined,
    mustEnrolSecondFactor: boolean,
  ): Promise<UserProfile> {
    const user = await this.deps.db
      .selectFrom('users')
      .select([
        ...IDENTITY_COLUMNS,
        'theme_color',
        'style_type',
        'language',
        'company_id',
        'role_id',
        'is_read_only',
      ])
      .where('id', '=', auth.userId)
      .executeTakeFirstOrThrow();
    if (lan && lan !== user.language) {
      // The language the user reads the portal in is also the one their e-mails use.
      await this.deps.db
        .updateTable('users')
        .set({ language: lan })
        .where('id', '=', auth.userId)
        .execute();
    }
    return presentProfile(user, await this.company(user.company_id), mustEnrolSecondFactor);
  }

  async edit(
    auth: AuthContext,
    userId: number,
    changes: ParsedBody<typeof editUser>,
  ): Promise<UserIdentity> {
    assertSelf(auth, userId);
    const values = {
      ...(changes.nickname !== undefined ? { nickname: changes.nickname } : {}),
      ...(changes.phone !== undefined
        ? { phone: changes.phone === '' ? null : changes.phone }
        : {}),
    };
    const user =
      Object.keys(values).length > 0
        ? await this.deps.db
            .updateTable('users')
            .set(values)
            .where('id', '=', userId)
            .returning(IDENTITY_COLUMNS)
            .executeTakeFirstOrThrow()
        : await this.identity(userId);
    return presentIdentity(user);
  }

  private identity(userId: number) {
    return this.deps.db
      .selectFrom('users')
      .select(IDENTITY_COLUMNS)
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
  }

  /**
   * Stores the alarm-text number and opt-in. Opting in with a number not confirmed yet needs the
   * code texted to exactly that number (5, 6); a changed number is unconfirmed until then.
   */
  async setSmsSettings(
    auth: AuthContext,
    settings: SmsSettings,
    ip: string,
  ): Promise<UserIdentity> {
    const phone = settings.smsPhone ?? null;
    assertSmsNumberForOptIn(phone, settings.smsOptIn);
    const toConfirm = numberToConfirm(await this.identity(auth.userId), settings);
    const codeId =
      toConfirm === null
        ? null
        : await this.codes.check(smsTarget(auth.userId, toConfirm), settings.code ?? '', ip);
    const user = await retryingTransaction(this.deps.db, async (trx) => {
      if (codeId !== null) await this.codes.consume(trx, codeId);
      const updated = await trx
        .updateTable('users')
        .set({
          sms_phone: phone,
          sms_opt_in: settings.smsOptIn,
          sms_phone_verified_at:
            codeId !== null
              ? sql<Date>`now()`
              : sql<Date | null>`CASE WHEN sms_phone IS NOT DISTINCT FROM ${phone}
                  THEN sms_phone_verified_at END`,
        })
        .where('id', '=', auth.userId)
        // Another request changed the number since it was read: the opt-in needs a code again.
        .$if(settings.smsOptIn && codeId === null, (qb) =>
          qb.where('sms_phone', '=', phone).where('sms_phone_verified_at', 'is not', null),
        )
        .returning(IDENTITY_COLUMNS)
        .executeTakeFirst();
      if (!updated) throw new AppError(ErrorCode.verificationCodeExpired);
      return updated;
    });
    return presentIdentity(user);
  }

  /** Texts a code to the number (109 beyond the request limits or the daily text cap). */
  async sendSmsCode(auth: AuthContext, smsPhone: string, ip: string): Promise<void> {
    const target = smsTarget(auth.userId, smsPhone);
    await this.codes.countRequest(target, ip);
    await this.codes.text(target);
  }

  /** Verifies the caller's password, counting wrong guesses (109 beyond the limit, before hashing). */
  private async isCurrentPassword(auth: AuthContext, password: string): Promise<boolean> {
    const userBudget = budget(PASSWORD_CHECK_PER_USER, String(auth.userId));
    await this.limiter.take([userBudget]);
    const user = await this.deps.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', auth.userId)
      .executeTakeFirstOrThrow();
    const isCorrect = await verifyPassword(user.password_hash, password);
    if (isCorrect) await this.limiter.clear(userBudget);
    return isCorrect;
  }

  async checkPassword(auth: AuthContext, password: string): Promise<{ isCorrect: boolean }> {
    return { isCorrect: await this.isCurrentPassword(auth, password) };
  }

  /** Changes the password, signs every session out and answers fresh tokens for this one. */
  async changePassword(
    auth: AuthContext,
    userId: number,
    oldPassword: string,
    newPassword: string,
  ): Promise<TokenData> {
    assertSelf(auth, userId);
    if (!(await this.isCurrentPassword(auth, oldPassword))) {
      throw new AppError(ErrorCode.oldPasswordError);
    }
    const passwordHash = await hashPassword(newPassword);
    const session = await retryingTransaction(this.deps.db, async (trx) => {
      const sessionVersion = await replacePassword(trx, userId, passwordHash);
      return {
        sessionVersion,
        refreshToken: await this.refreshTokens.issue(userId, undefined, trx),
      };
    });
    return {
      access_token: await this.deps.accessTokens.sign({
        userId,
        sessionVersion: session.sessionVersion,
      }),
      refresh_token: session.refreshToken,
      token_type: 'bearer',
      expires_in: this.deps.accessTokens.ttlSeconds,
    };
  }

  async replaceAvatar(
    auth: AuthContext,
    userId: number,
    file: UploadedFile,
  ): Promise<{ avatar: string }> {
    assertSelf(auth, userId);
    const folder = pictureFolder(this.deps.config.DATA_DIR, 'avatars');
    const avatar = await savePicture(file, folder, `user${userId}`);
    const previous = await this.deps.db
      .selectFrom('users')
      .select('avatar_url')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    await this.deps.db
      .updateTable('users')
      .set({ avatar_url: avatar })
      .where('id', '=', userId)
      .execute();
    await removePicture(folder, previous.avatar_url);
    return { avatar };
  }

  async personalization(auth: AuthContext): Promise<Personalization> {
    const user = await this.deps.db
      .selectFrom('users')
      .select(['theme_color', 'style_type'])
      .where('id', '=', auth.userId)
      .executeTakeFirstOrThrow();
    return presentPersonalization(user, await this.company(auth.companyId));
  }

  async personalize(
    auth: AuthContext,
    changes: ParsedBody<typeof setPersonalization>,
  ): Promise<Personalization> {
    const values = {
      ...(changes.themeColor !== undefined
        ? { theme_color: changes.themeColor.toUpperCase() }
        : {}),
      ...(changes.styleType !== undefined ? { style_type: changes.styleType } : {}),
    };
    if (Object.keys(values).length > 0) {
      await this.deps.db.updateTable('users').set(values).where('id', '=', auth.userId).execute();
    }
    return this.personalization(auth);
  }

  async notificationSettings(auth: AuthContext): Promise<NotificationSettings> {
    const user = await this.deps.db
      .selectFrom('users')
      .select(['email', 'notify_by_email', 'notify_levels'])
      .where('id', '=', auth.userId)
      .executeTakeFirstOrThrow();
    return presentNotificationSettings(user);
  }

  /** Switching alarm e-mails on needs the code sent by `sendNotificationCode` (5, 6). */
  async setNotificationSettings(
    auth: AuthContext,
    settings: ParsedBody<typeof setNotificationSettings>,
    ip: string,
  ): Promise<NotificationSettings> {
    const current = await this.notificationSettings(auth);
    const isSwitchingOn = settings.notifyByEmail && !current.notifyByEmail;
    const codeId = isSwitchingOn
      ? await this.codes.check(await this.notifyTarget(auth), settings.code ?? '', ip)
      : null;
    const user = await retryingTransaction(this.deps.db, async (trx) => {
      if (codeId !== null) await this.codes.consume(trx, codeId);
      return trx
        .updateTable('users')
        .set({
          notify_by_email: settings.notifyByEmail,
          notify_levels: [...new Set(settings.notifyLevels)],
        })
        .where('id', '=', auth.userId)
        .returning(['email', 'notify_by_email', 'notify_levels'])
        .executeTakeFirstOrThrow();
    });
    return presentNotificationSettings(user);
  }

  async sendNotificationCode(auth: AuthContext, ip: string): Promise<void> {
    const target = await this.notifyTarget(auth);
    await this.codes.countRequest(target, ip);
    await this.codes.send(target);
  }

  private async notifyTarget(auth: AuthContext): Promise<MailTarget> {
    return mailTarget(auth.email, 'notify', await brandIdOf(this.deps.db, auth.userId));
  }

  async plantCount(auth: AuthContext, userId: number): Promise<{ total: number }> {
    assertSelf(auth, userId);
    const row = await this.deps.db
      .selectFrom('plants')
      .where(visiblePlants(auth))
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    return { total: Number(row.total) };
  }

  async eventCount(auth: AuthContext, userId: number): Promise<{ total: number; open: number }> {
    assertSelf(auth, userId);
    const db = this.deps.db;
    const row = await db
      .selectFrom('events')
      .innerJoin('devices', 'devices.id', 'events.device_id')
      .innerJoin('dataloggers', 'dataloggers.id', 'devices.datalogger_id')
      .where(
        'dataloggers.plant_id',
        'in',
        db.selectFrom('plants').select('plants.id').where(visiblePlants(auth)),
      )
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        eb.fn.count<number>('events.id').filterWhere('events.ended_at', 'is', null).as('open'),
      ])
      .executeTakeFirstOrThrow();
    return { total: Number(row.total), open: Number(row.open) };
  }
}
