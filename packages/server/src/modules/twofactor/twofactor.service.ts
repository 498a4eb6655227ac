import { tr } from '@vestora/contract';
import { createHash, randomInt } from 'node:crypto';
import { notifySecurity } from '../notification/notification.service.ts';
import type { TTwoFactorBeginInput, TTwoFactorBeginOutput, TTwoFactorEnableOutput } from '@vestora/contract';
import { Secret, TOTP } from 'otpauth';
import type { Database } from '../../db/create-db.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.repo.ts';
import { tm } from '../../i18n/i18n.ts';
import { endSessionsOfUser } from '../session/session.service.ts';
import { retireAllAccountTokens } from '../user/account-token.repo.ts';
import { markSecurityChange } from '../user/user.repo.ts';
import { assertCurrentPassword } from '../user/user.password.ts';
import { decryptSecret, encryptSecret } from './twofactor.crypto.ts';
import {
  acceptTotpStep,
  activatePendingSecret,
  clearTwoFactor,
  findTwoFactorState,
  replaceRecoveryCodes,
  setPendingSecret,
  useRecoveryCode,
} from './twofactor.repo.ts';

type Deps = Pick<AppDeps, 'db' | 'config' | 'clock'>;
type Executor = Database;

/** Authenticator-app compatible: SHA1, 6 digits, 30-second steps; a code of the step before or after counts. */
const TOTP_PARAMS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
const TOTP_WINDOW = 1;
export const ISSUER = 'Vestora';
export const RECOVERY_CODE_COUNT = 10;

export const WRONG_CODE_MESSAGE = tr(
  'twoFactor.wrongCode',
  'That code is not right or was already used. Enter the current 6-digit code from your authenticator app.',
);
export const WRONG_OTP_MESSAGE = tr(
  'twoFactor.wrongOtp',
  'That code is not right or was already used. Enter the current 6-digit code from your authenticator app, or an unused recovery code.',
);

/** The TOTP object of a base32 secret (the same the tests use to compute codes). */
export function totpFor(secretBase32: string, label = 'account'): TOTP {
  return new TOTP({ issuer: ISSUER, label, secret: Secret.fromBase32(secretBase32), ...TOTP_PARAMS });
}

/** The time step a 6-digit code matches at `now` (±1 step), or null. */
export function matchTotpStep(secretBase32: string, code: string, now: Date): number | null {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const timestamp = now.getTime();
  const delta = totpFor(secretBase32).validate({ token, timestamp, window: TOTP_WINDOW });
  if (delta === null) return null;
  return TOTP.counter({ period: TOTP_PARAMS.period, timestamp }) + delta;
}

// Recovery codes: 16 characters of Crockford-like base32 (80 random bits), shown as XXXX-XXXX-XXXX-XXXX. With
// 80 bits of entropy a plain sha256 is enough: there is no dictionary to try, and 2^80 guesses stay out of
// reach even against a stolen table (a slow salted hash protects low-entropy passwords, not random keys).
const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function newRecoveryCode(): string {
  let s = '';
  for (let i = 0; i < 16; i++) s += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return s.match(/.{4}/g)!.join('-');
}

/** Normalised (case, spaces and dashes ignored) then hashed; null when it cannot be a recovery code. */
export function recoveryCodeHash(code: string): string | null {
  const normal = code.toUpperCase().replace(/[\s-]+/g, '');
  if (normal.length !== 16 || ![...normal].every((c) => RECOVERY_ALPHABET.includes(c))) return null;
  return createHash('sha256').update(normal).digest('hex');
}

async function stateOf(db: Executor, userId: string) {
  const state = await findTwoFactorState(db, userId);
  if (!state) throw new AppError('NOT_FOUND', tr('twoFactor.accountGone', 'This account no longer exists.'));
  return state;
}

/**
 * user.twoFactor.begin: a new secret, kept (encrypted) as pending until a code confirms it. Asks for the current
 * password: with a stolen session cookie alone nobody can put their own authenticator on the account.
 */
export async function beginTwoFactor(
  deps: Deps,
  userId: string,
  input: TTwoFactorBeginInput,
): Promise<TTwoFactorBeginOutput> {
  await assertCurrentPassword(deps, userId, input.currentPassword);
  const state = await stateOf(deps.db, userId);
  if (state.enabledAt) {
    throw new AppError(
      'INVALID_STATE',
      tr(
        'twoFactor.alreadyOnReset',
        'Two-factor sign-in is already on. Turn it off first to set up a new authenticator.',
      ),
    );
  }
  const secret = new Secret({ size: 20 }).base32;
  const encrypted = await encryptSecret(deps.config, userId, secret);
  if (!(await setPendingSecret(deps.db, userId, encrypted))) {
    throw new AppError('INVALID_STATE', tr('twoFactor.alreadyOn', 'Two-factor sign-in is already on.'));
  }
  return { secret, otpauthUrl: totpFor(secret, state.email).toString() };
}

/**
 * user.twoFactor.enable: the code proves the app holds the pending secret; answers ten recovery codes once.
 * Every other session of the account ends (the one turning it on stays), and every outstanding account link
 * stops working: whoever else was signed in must now pass the second factor.
 */
export async function enableTwoFactor(
  deps: Deps,
  actor: { userId: string; sessionToken: string | null },
  code: string,
): Promise<TTwoFactorEnableOutput> {
  const { userId } = actor;
  const { db, config } = deps;
  const state = await stateOf(db, userId);
  if (state.enabledAt)
    throw new AppError('INVALID_STATE', tr('twoFactor.alreadyOn', 'Two-factor sign-in is already on.'));
  if (!state.pendingSecret) {
    throw new AppError(
      'INVALID_STATE',
      tr('twoFactor.notStarted', 'Start the set-up first (user.twoFactor.begin), then enter a code from the app.'),
    );
  }
  const pending = state.pendingSecret;
  const now = deps.clock.now();
  const step = matchTotpStep(await decryptSecret(config, userId, pending), code, now);
  if (step === null) throw new AppError('BAD_INPUT', WRONG_CODE_MESSAGE);
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.transaction().execute(async (trx) => {
    if (!(await activatePendingSecret(trx, userId, pending, step, now))) {
      throw new AppError(
        'INVALID_STATE',
        tr('twoFactor.setupChanged', 'The set-up changed meanwhile (started again elsewhere?). Start it again.'),
      );
    }
    await replaceRecoveryCodes(
      trx,
      userId,
      recoveryCodes.map((c) => recoveryCodeHash(c)!),
      now,
    );
    // #33: withdrawals wait SECURITY_HOLD_HOURS after two-factor sign-in changed (turned on, or new recovery codes).
    await markSecurityChange(trx, userId, now);
    // Links sent before (a pending email change, a reset) would get around the new second factor.
    await retireAllAccountTokens(trx, userId, now);
    await endSessionsOfUser(trx, userId, {
      actorId: userId,
      reason: 'two_factor_enabled',
      keepToken: actor.sessionToken,
    });
    await recordAudit(trx, {
      actorId: userId,
      action: 'auth.two_factor_enabled',
      entityType: 'user',
      entityId: userId,
      before: null,
      after: null,
    });
    await notifySecurity(
      trx,
      {
        kind: 'two_factor.enabled',
        to: state.email,
        userId,
        subject: tm('mail.twoFactorOn.subject', 'Two-factor sign-in is on'),
        paragraphs: [
          tm(
            'mail.twoFactorOn.body',
            'Two-factor sign-in was turned on for your account: signing in now asks for a code from your authenticator app.',
          ),
          tm('mail.security.notYouReset', 'If this was not you, reset your password and contact support right away.'),
        ],
      },
      {
        kind: 'security.two_factor_enabled',
        body: tm('notification.twoFactorOn.body', 'Two-factor sign-in was turned on for your account.'),
      },
      now,
    );
  });
  return { recoveryCodes };
}

/** user.twoFactor.disable: needs a current code (or a recovery code). */
export async function disableTwoFactor(deps: Deps, userId: string, code: string): Promise<{ ok: true }> {
  const { db } = deps;
  const state = await stateOf(db, userId);
  if (!state.enabledAt)
    throw new AppError('INVALID_STATE', tr('twoFactor.alreadyOff', 'Two-factor sign-in is already off.'));
  const now = deps.clock.now();
  await db.transaction().execute(async (trx) => {
    if (!(await checkSecondFactor(deps, trx, userId, code, { recovery: true }))) {
      throw new AppError('BAD_INPUT', WRONG_OTP_MESSAGE);
    }
    await clearTwoFactor(trx, userId);
    // #33: withdrawals wait SECURITY_HOLD_HOURS after two-factor sign-in is turned off.
    await markSecurityChange(trx, userId, now);
    await recordAudit(trx, {
      actorId: userId,
      action: 'auth.two_factor_disabled',
      entityType: 'user',
      entityId: userId,
      before: null,
      after: null,
    });
    await notifySecurity(
      trx,
      {
        kind: 'two_factor.disabled',
        to: state.email,
        userId,
        subject: tm('mail.twoFactorOff.subject', 'Two-factor sign-in is off'),
        paragraphs: [
          tm(
            'mail.twoFactorOff.body',
            'Two-factor sign-in was turned off for your account: signing in now needs only your password.',
          ),
          tm(
            'mail.twoFactorOff.notYou',
            'If this was not you, reset your password, turn two-factor sign-in on again and contact support.',
          ),
        ],
      },
      {
        kind: 'security.two_factor_disabled',
        body: tm('notification.twoFactorOff.body', 'Two-factor sign-in was turned off for your account.'),
      },
      now,
    );
  });
  return { ok: true };
}

/**
 * user.twoFactor.regenerateRecoveryCodes: a current authenticator code (not a recovery code: whoever holds only
 * the old list must not get a new one) replaces every recovery code with ten new ones, shown this once; the old
 * ones stop working. A security mail says so.
 */
export async function regenerateRecoveryCodes(
  deps: Deps,
  userId: string,
  code: string,
): Promise<TTwoFactorEnableOutput> {
  const state = await stateOf(deps.db, userId);
  if (!state.enabledAt) {
    throw new AppError(
      'INVALID_STATE',
      tr('twoFactor.offNoCodes', 'Two-factor sign-in is off: there are no recovery codes to replace.'),
    );
  }
  const now = deps.clock.now();
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await deps.db.transaction().execute(async (trx) => {
    if (!(await checkSecondFactor(deps, trx, userId, code, { recovery: false }))) {
      throw new AppError('BAD_INPUT', WRONG_CODE_MESSAGE);
    }
    await replaceRecoveryCodes(
      trx,
      userId,
      recoveryCodes.map((c) => recoveryCodeHash(c)!),
      now,
    );
    // #33: withdrawals wait SECURITY_HOLD_HOURS after two-factor sign-in changed (turned on, or new recovery codes).
    await markSecurityChange(trx, userId, now);
    await recordAudit(trx, {
      actorId: userId,
      action: 'auth.two_factor_recovery_codes_regenerated',
      entityType: 'user',
      entityId: userId,
      before: null,
      after: { count: RECOVERY_CODE_COUNT },
    });
    await notifySecurity(
      trx,
      {
        kind: 'two_factor.recovery_codes',
        to: state.email,
        userId,
        subject: tm('mail.recoveryCodes.subject', 'New recovery codes'),
        paragraphs: [
          tm(
            'mail.recoveryCodes.body',
            'New two-factor recovery codes were made for your account: the old ones no longer work.',
          ),
          tm('mail.security.notYouReset', 'If this was not you, reset your password and contact support right away.'),
        ],
      },
      {
        kind: 'security.two_factor_recovery_codes',
        body: tm('notification.recoveryCodes.body', 'New recovery codes were made; the old ones no longer work.'),
      },
      now,
    );
  });
  return { recoveryCodes };
}

/**
 * Checks a second factor and uses it up, in `db` (the caller's transaction): a TOTP code whose step is later
 * than the last accepted one, or (with `recovery`) an unused recovery code. Both are conditional UPDATEs, so
 * two requests racing with the same code cannot both pass. False when two-factor is off or the code is wrong.
 */
export async function checkSecondFactor(
  deps: Deps,
  db: Executor,
  userId: string,
  code: string,
  opts: { recovery: boolean },
): Promise<boolean> {
  const state = await findTwoFactorState(db, userId);
  if (!state?.enabledAt || !state.secret) return false;
  const now = deps.clock.now();
  const step = matchTotpStep(await decryptSecret(deps.config, userId, state.secret), code, now);
  if (step !== null) return acceptTotpStep(db, userId, step);
  if (!opts.recovery) return false;
  const hash = recoveryCodeHash(code);
  return hash !== null && useRecoveryCode(db, userId, hash, now);
}

export const WITHDRAWAL_OTP_REQUIRED_MESSAGE = tr(
  'twoFactor.withdrawalCodeRequired',
  'Two-factor sign-in is on: enter the current 6-digit code from your authenticator app (otp) to request a withdrawal.',
);
export const WITHDRAWAL_WRONG_OTP_MESSAGE = tr(
  'twoFactor.withdrawalCodeWrong',
  'The code (otp) is not right or was already used. Enter the current 6-digit code from your authenticator app.',
);

/**
 * With two-factor on, a money movement out of the account needs a current authenticator code (recovery codes
 * are for getting back in, not for moving money). `requireCodeGiven` refuses early when none came; `spendCurrentCode`
 * checks and uses it up in the transaction that opens the request, so a refused request leaves the code unused
 * and a retry of the same request (same idempotency key) answers the request it made without a second code.
 */
export function requireCodeGiven(otp: string | undefined): asserts otp is string {
  if (otp === undefined) throw new AppError('BAD_INPUT', WITHDRAWAL_OTP_REQUIRED_MESSAGE);
}

export async function spendCurrentCode(deps: Deps, db: Executor, userId: string, otp: string): Promise<void> {
  if (!(await checkSecondFactor(deps, db, userId, otp, { recovery: false }))) {
    throw new AppError('BAD_INPUT', WITHDRAWAL_WRONG_OTP_MESSAGE);
  }
}
