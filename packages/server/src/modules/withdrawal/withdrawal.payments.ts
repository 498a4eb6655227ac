// Bank payouts by payment file (#19): approved bank withdrawals go out in one ISO 20022 pain.001.001.09
// credit-transfer file (the format banks accept for bulk payments), each with a unique end-to-end id; they read
// "sent to the bank" until the statement's debit line carrying that id settles them (statement.approve).
import { randomBytes } from 'node:crypto';
import {
  centsToDollars,
  compactBankAccount,
  findBic,
  findIban,
  isPayableBankAccount,
  type TPaymentFile,
  type TPaymentFileDownload,
  type TPaymentFileSummary,
  tr,
} from '@vestora/contract';
import { create } from 'xmlbuilder2';
import type { Database } from '../../db/create-db.ts';
import { AppError } from '../../lib/errors.ts';
import type { Viewer } from '../../lib/scope.ts';
import { recordAudit } from '../audit/audit.repo.ts';
import { type FlowEnv, runTransitionIn } from '../money/money.core.ts';
import { iso } from '../../lib/dates.ts';
import {
  findPayingAccount,
  findPaymentFile,
  insertPaymentFile,
  listPaymentFileRows,
  lockApprovedBankPayouts,
} from './withdrawal.repo.ts';
import { withdrawalFlow } from './withdrawal.service.ts';

export const PAIN_001_NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.09';

const IBAN = /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/;
const compact = compactBankAccount;
const accountId = (number: string) =>
  IBAN.test(compact(number)) ? { IBAN: compact(number) } : { Othr: { Id: compact(number) } };
const amountText = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
/** Text as the SEPA/ISO "Latin" character set allows (banks refuse other characters), at most `max` long. */
const latin = (s: string, max: number) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9/\-?:().,'+ ]/g, ' ')
    .trim()
    .slice(0, max) || 'NOTPROVIDED';

/** An approved bank payout as locked for the file. */
type ApprovedPayout = Awaited<ReturnType<typeof lockApprovedBankPayouts>>[number];

/** Whether the file can name the payout's account: structured (#34), else legacy text a pain.001 account takes. */
const payable = (p: ApprovedPayout) =>
  p.bank_iban !== null || (p.bank_routing_number !== null && p.bank_account_number !== null)
    ? true
    : isPayableBankAccount(p.details);

/**
 * The payee's bank and account in pain.001 (#34): the IBAN (stored, else found in the legacy text) with the BIC
 * when known; a US account number with its ABA routing number as the bank's clearing id (USABA); else the legacy
 * text as the account's id, as before.
 */
function creditor(p: ApprovedPayout) {
  if (p.bank_routing_number !== null && p.bank_account_number !== null)
    return {
      CdtrAgt: { FinInstnId: { ClrSysMmbId: { ClrSysId: { Cd: 'USABA' }, MmbId: p.bank_routing_number } } },
      account: { Othr: { Id: p.bank_account_number } },
    };
  const iban = p.bank_iban ?? findIban(p.details);
  const bic = p.bank_bic ?? (iban ? findBic(p.details) : null);
  return {
    ...(bic ? { CdtrAgt: { FinInstnId: { BICFI: bic } } } : {}),
    account: iban ? { IBAN: iban } : accountId(p.details),
  };
}

/**
 * The platform's bank in the file (#34): its BIC, else its ABA routing number (USABA), else NOTPROVIDED (the
 * standard's word for a bank the file cannot name: the bank takes it as its own customer's).
 */
function payingBank(account: { bic: string | null; routing_number: string | null }) {
  if (account.bic) return { BICFI: account.bic };
  if (account.routing_number) return { ClrSysMmbId: { ClrSysId: { Cd: 'USABA' }, MmbId: account.routing_number } };
  return { Othr: { Id: 'NOTPROVIDED' } };
}

/** The end-to-end id of a payout: unique (the withdrawal's seq), at most 35 characters. */
export const endToEndIdOf = (seq: number) => `VSW${String(seq).padStart(12, '0')}`;

/**
 * withdrawal.exportPayments: one pain.001 file of every approved bank payout not yet exported; they move to
 * `sent` (audited) in the same transaction. The exporting admin's own payouts are left for another admin.
 */
export async function exportPayments(db: Database, admin: Viewer, env: FlowEnv): Promise<TPaymentFile> {
  return db.transaction().execute(async (trx) => {
    const account = await findPayingAccount(trx);
    if (!account)
      throw new AppError(
        'NOT_FOUND',
        tr('withdrawal.payoutAccountMissing', 'The deposit account that pays the payouts is not set up.'),
      );
    const approved = (await lockApprovedBankPayouts(trx)).filter((p) => p.user_id !== admin.id);
    // Details written before they were checked this way would make the file invalid: such a payout stays
    // approved, named in the answer and the audit row, for an admin to settle with the member.
    const skipped = approved.filter((p) => !payable(p)).map((p) => ({ withdrawalId: p.id, details: p.details }));
    const payouts = approved.filter(payable);
    if (payouts.length === 0) return { fileName: '', content: '', count: 0, total: 0, skipped };
    const stamp = env.now.toISOString().replace(/\.\d+Z$/, '');
    const msgId = `VSPAY-${stamp.replace(/\D/g, '')}-${randomBytes(3).toString('hex').toUpperCase()}`;
    const fileName = `${msgId}.pain.001.001.09.xml`;
    const total = payouts.reduce((s, p) => s + Number(p.amount_cents), 0);
    const txs = [];
    for (const p of payouts) {
      const e2e = endToEndIdOf(Number(p.seq));
      await runTransitionIn(trx, withdrawalFlow, 'send', {
        id: p.id,
        actor: admin,
        env,
        set: { end_to_end_id: e2e, payment_file: fileName, sent_at: env.now },
      });
      const payee = creditor(p);
      // pain.001's order: the payee's bank (CdtrAgt) before the payee (Cdtr) and the account (CdtrAcct).
      txs.push({
        PmtId: { InstrId: e2e, EndToEndId: e2e },
        Amt: { InstdAmt: { '@Ccy': account.currency, '#': amountText(Number(p.amount_cents)) } },
        ...(payee.CdtrAgt ? { CdtrAgt: payee.CdtrAgt } : {}),
        Cdtr: { Nm: latin(`${p.first_name} ${p.last_name}`, 140) },
        CdtrAcct: { Id: payee.account },
        RmtInf: { Ustrd: latin(`Vestora withdrawal ${e2e}`, 140) },
      });
    }
    const doc = {
      Document: {
        '@xmlns': PAIN_001_NAMESPACE,
        CstmrCdtTrfInitn: {
          GrpHdr: {
            MsgId: msgId,
            CreDtTm: stamp,
            NbOfTxs: String(payouts.length),
            CtrlSum: amountText(total),
            InitgPty: { Nm: latin(account.account_holder, 140) },
          },
          PmtInf: {
            PmtInfId: msgId,
            PmtMtd: 'TRF',
            BtchBookg: 'false',
            NbOfTxs: String(payouts.length),
            CtrlSum: amountText(total),
            ReqdExctnDt: { Dt: stamp.slice(0, 10) },
            Dbtr: { Nm: latin(account.account_holder, 140) },
            DbtrAcct: { Id: accountId(account.account_number), Ccy: account.currency },
            DbtrAgt: { FinInstnId: payingBank(account) },
            ChrgBr: 'DEBT',
            CdtTrfTxInf: txs,
          },
        },
      },
    };
    const content = create({ version: '1.0', encoding: 'UTF-8' }, doc).end({ prettyPrint: true });
    // Kept as sent (#34): a second download gives the bank the same bytes, never a file rebuilt from rows since changed.
    await insertPaymentFile(trx, {
      file_name: fileName,
      content,
      payout_count: payouts.length,
      total_cents: total,
      created_by: admin.id,
      created_at: env.now,
    });
    await recordAudit(trx, {
      actorId: admin.id,
      action: 'withdrawal.export_payments',
      entityType: 'payment_file',
      entityId: null,
      before: null,
      after: {
        fileName,
        count: payouts.length,
        total: centsToDollars(total),
        withdrawals: payouts.map((p) => p.id),
        skipped,
      },
    });
    return { fileName, content, count: payouts.length, total: centsToDollars(total), skipped };
  });
}

/** withdrawal.paymentFiles: the kept payment files, newest first (the last 50), without their content. */
export async function listPaymentFiles(db: Database): Promise<TPaymentFileSummary[]> {
  return (await listPaymentFileRows(db, 50)).map((f) => ({
    fileName: f.file_name,
    count: f.payout_count,
    total: centsToDollars(Number(f.total_cents)),
    createdAt: iso(f.created_at),
    createdByEmail: f.email,
  }));
}

/**
 * withdrawal.downloadPaymentFile: a kept payment file again, exactly as exported, with an audit row (who took a
 * copy of a file that moves money, and when). Nothing about the payouts changes.
 */
export async function downloadPaymentFile(
  db: Database,
  admin: Viewer,
  fileName: string,
): Promise<TPaymentFileDownload> {
  return db.transaction().execute(async (trx) => {
    const file = await findPaymentFile(trx, fileName);
    if (!file)
      throw new AppError('NOT_FOUND', tr('withdrawal.paymentFileNotFound', 'No payment file with that name is kept.'));
    await recordAudit(trx, {
      actorId: admin.id,
      action: 'withdrawal.download_payment_file',
      entityType: 'payment_file',
      entityId: null,
      before: null,
      after: { fileName: file.file_name, count: file.payout_count },
    });
    return { fileName: file.file_name, content: file.content };
  });
}
