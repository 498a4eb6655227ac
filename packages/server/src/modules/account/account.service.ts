import { tr } from '@vestora/contract';
import { randomUUID } from 'node:crypto';
import type { TAccount, TAccountChangeResult, ZAccountUpdateInput } from '@vestora/contract';
import type { z } from 'zod';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { renderIn, tm } from '../../i18n/i18n.ts';
import { proposeIn, refuseProposer } from '../approval/approval.core.ts';
import { listAdminAddresses } from '../approval/approval.repo.ts';
import { composeMailIn, enqueueMail } from '../mail/mail.outbox.ts';
import { findUserLocale } from '../mail/mail.repo.ts';
import type { FlowEnv } from '../money/money.core.ts';
import type { Database } from '../../db/create-db.ts';
import { PLACEHOLDER_ACCOUNT } from '../../db/seed.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.repo.ts';
import { type DepositAccountRow, findDepositAccount, upsertDepositAccount } from './account.repo.ts';

export const ACCOUNT_MISSING_MESSAGE = tr(
  'account.missing',
  'The deposit account details have not been set up yet. An administrator can add them under My Account.',
);

/** Whether the record is still the seeded placeholder (its bank or its number), not a real account. */
export function isPlaceholderAccount(row: Pick<DepositAccountRow, 'bank_name' | 'account_number'>): boolean {
  return row.bank_name === PLACEHOLDER_ACCOUNT.bankName || row.account_number === PLACEHOLDER_ACCOUNT.accountNumber;
}

function toPublicAccount(row: DepositAccountRow): TAccount {
  return {
    isSet: !isPlaceholderAccount(row),
    id: row.id,
    accountNumber: row.account_number,
    bankName: row.bank_name,
    accountHolder: row.account_holder,
    bic: row.bic,
    routingNumber: row.routing_number,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** The deposit account users pay into. */
export async function getDepositAccount(db: Database): Promise<TAccount> {
  const row = await findDepositAccount(db);
  if (!row) throw new AppError('NOT_FOUND', ACCOUNT_MISSING_MESSAGE);
  return toPublicAccount(row);
}

/**
 * account.update: a change of the deposit account is a proposal (#27): nothing changes until a second admin
 * approves it (approval.approve); the answer is the record as it still is and the pending proposal. An admin
 * in their review cooldown may not propose it.
 */
export function proposeDepositAccount(
  db: Database,
  actorId: string,
  input: z.output<typeof ZAccountUpdateInput>,
  env: FlowEnv,
): Promise<TAccountChangeResult> {
  return db.transaction().execute(async (trx) => {
    await refuseProposer(trx, actorId, null, env);
    const current = await findDepositAccount(trx);
    const approval = await proposeIn(trx, {
      kind: 'deposit_account',
      payload: {
        accountNumber: input.accountNumber,
        bankName: input.bankName,
        accountHolder: input.accountHolder,
        // Not sent (the legacy API, an older screen): kept as it is.
        bic: input.bic === undefined ? (current?.bic ?? null) : input.bic,
        routingNumber: input.routingNumber === undefined ? (current?.routing_number ?? null) : input.routingNumber,
      },
      userId: null,
      amountCents: null,
      reason: `Deposit account: ${[input.accountHolder, input.bankName, input.accountNumber, input.bic, input.routingNumber].filter(Boolean).join(', ')}`,
      proposedBy: actorId,
      now: env.now,
    });
    // No record yet (a database never seeded): an empty one, not set, is what members see meanwhile.
    const shown: TAccount = current
      ? toPublicAccount(current)
      : {
          id: '',
          accountNumber: '',
          bankName: '',
          accountHolder: '',
          bic: null,
          routingNumber: null,
          updatedAt: env.now.toISOString(),
          isSet: false,
        };
    return { ...shown, approval };
  });
}

/**
 * The effect of an approved change of the deposit account, in the approval's transaction: the record is set
 * (valid from now: `updated_at`), audited `account.update`, and every administrator is mailed.
 */
export async function applyDepositAccountIn(
  trx: Transaction<DB>,
  payload: Record<string, unknown>,
  actorId: string,
  now: Date,
): Promise<TAccount> {
  const before = await findDepositAccount(trx, { forUpdate: true });
  const row = await upsertDepositAccount(
    trx,
    before?.id ?? randomUUID(),
    {
      account_number: String(payload.accountNumber),
      bank_name: String(payload.bankName),
      account_holder: String(payload.accountHolder),
      // A proposal made before the BIC and routing number were asked for has neither (#34).
      bic: typeof payload.bic === 'string' ? payload.bic : null,
      routing_number: typeof payload.routingNumber === 'string' ? payload.routingNumber : null,
    },
    now,
  );
  const after = toPublicAccount(row);
  await recordAudit(trx, {
    actorId,
    action: 'account.update',
    entityType: 'deposit_account',
    entityId: after.id,
    before: before ? toPublicAccount(before) : null,
    after,
  });
  for (const admin of await listAdminAddresses(trx)) {
    const locale = await findUserLocale(trx, admin.id);
    const subject = tm('mail.depositAccountChanged.subject', 'The deposit account changed');
    await enqueueMail(
      trx,
      {
        kind: 'deposit_account.changed',
        to: admin.email,
        userId: admin.id,
        subject: renderIn(locale, subject),
        ...composeMailIn(locale, {
          paragraphs: [
            tm(
              'mail.depositAccountChanged.body',
              "The platform's deposit account is now {holder}, {bank}, {number}, valid since {since}. Members' Deposit pages show it from now on.",
              {
                holder: after.accountHolder,
                bank: after.bankName,
                number: after.accountNumber,
                since: after.updatedAt,
              },
            ),
            tm(
              'mail.depositAccountChanged.check',
              'If you did not expect this change, check the audit log and the approvals at once.',
            ),
          ],
        }),
      },
      now,
    );
  }
  return after;
}
