import { ErrorCode, type TokenData } from '@solar/contract';
import type { AppDeps } from '../app-deps.js';
import { AppError, UnauthenticatedError } from '../http/app-error.js';
import { AttemptLimiter, LOGIN_PER_ACCOUNT, LOGIN_PER_IP } from './attempt-limiter.js';
import { decoyPasswordHash, verifyPassword } from './passwords.js';
import { RefreshTokens } from './refresh-tokens.js';

export class AuthService {
  private readonly limiter: AttemptLimiter;
  readonly refreshTokens: RefreshTokens;

  constructor(private readonly deps: AppDeps) {
    this.limiter = new AttemptLimiter(deps.db);
    this.refreshTokens = new RefreshTokens(deps.db, deps.config.REFRESH_TOKEN_TTL_DAYS);
  }

  private async tokensFor(userId: number, refreshToken: string): Promise<TokenData> {
    return {
      access_token: await this.deps.accessTokens.sign(userId),
      refresh_token: refreshToken,
      token_type: 'bearer',
      expires_in: this.deps.accessTokens.ttlSeconds,
    };
  }

  async signInWithPassword(username: string, password: string, ip: string): Promise<TokenData> {
    await this.limiter.assertAllowed(LOGIN_PER_ACCOUNT, username);
    await this.limiter.assertAllowed(LOGIN_PER_IP, ip);
    const user = await this.deps.db
      .selectFrom('users')
      .select(['id', 'password_hash', 'is_enabled'])
      .where((eb) => eb(eb.fn('lower', ['email']), '=', username.toLowerCase()))
      .executeTakeFirst();
    const isMatch = await verifyPassword(
      user?.password_hash ?? (await decoyPasswordHash()),
      password,
    );
    if (!user || !isMatch) {
      await this.limiter.record(LOGIN_PER_ACCOUNT, username);
      await this.limiter.record(LOGIN_PER_IP, ip);
      throw new AppError(ErrorCode.wrongCredentials);
    }
    if (!user.is_enabled) throw new AppError(ErrorCode.accountDisabled);
    await this.limiter.clear(LOGIN_PER_ACCOUNT, username);
    return this.tokensFor(user.id, await this.refreshTokens.issue(user.id));
  }

  async refresh(refreshToken: string): Promise<TokenData> {
    const outcome = await this.refreshTokens.rotate(refreshToken);
    if (outcome.kind !== 'rotated') throw new UnauthenticatedError(`refresh token ${outcome.kind}`);
    const user = await this.deps.db
      .selectFrom('users')
      .select('is_enabled')
      .where('id', '=', outcome.userId)
      .executeTakeFirst();
    if (!user?.is_enabled) throw new AppError(ErrorCode.accountDisabled);
    return this.tokensFor(outcome.userId, outcome.token);
  }
}
