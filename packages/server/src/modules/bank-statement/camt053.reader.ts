// A small reader of ISO 20022 camt.053 bank-to-customer statements (versions .001.02 to .001.08) on saxes, a
// maintained streaming XML parser: it walks the elements once and keeps only the fields below, so a month of
// 20,000 entries never becomes a document tree. Namespace prefixes are ignored (banks use both default and
// prefixed namespaces).
//
// Fields and the fallbacks real banks need:
// - account: Stmt/Acct/Id/IBAN, else Stmt/Acct/Id/Othr/Id; currency: Stmt/Acct/Ccy, else the balances' Ccy.
// - amounts (#27: read strictly): digits, optionally a point and one or two decimals, nothing else (no sign, no
//   thousands separator: "1,0.00" and "-5.00" are refused naming the entry); the sign is CdtDbtInd's alone (CRDT
//   or DBIT, required). CDATA sections are text.
// - balances: Bal with Tp/CdOrPrtry/Cd OPBD (else PRCD) is the opening, CLBD the closing; CdtDbtInd DBIT is negative.
// - only booked entries (Sts BOOK, or Sts/Cd BOOK in .08; an entry without Sts counts as booked).
// - the bank's id of an entry: Ntry/AcctSvcrRef, else TxDtls/Refs/AcctSvcrRef, else Ntry/NtryRef, else
//   TxDtls/Refs/TxId, else "h:" + sha256 of (booking date, amount, reference, end-to-end id, counterparty,
//   text) and the how-many-th such identical entry of the file it is. An entry with several TxDtls that each
//   carry an amount (a batch booking) becomes one line per TxDtls, "<entry id>/<n>" unless the TxDtls has its own.
// - reference: RmtInf/Strd/CdtrRefInf/Ref (also CdtrRefInf/CdtrRef in .02), else Refs/EndToEndId (unless
//   NOTPROVIDED), else RmtInf/Ustrd; every Ustrd and AddtlNtryInf/AddtlTxInf goes into the description too.
// - counterparty: for a credit RltdPties/Dbtr (Nm, or Pty/Nm in .08) and DbtrAcct; for a debit Cdtr and CdtrAcct.
// - currency: the payer's instructed currency (TxDtls/AmtDtls/InstdAmt) when present, else the entry's.
// - a return: a credit whose TxDtls has RtrInf; its Refs/EndToEndId names our original payment.
import { createHash } from 'node:crypto';
import { SaxesParser } from 'saxes';
import { tr } from '@vestora/contract';
import {
  centsText,
  type ParsedLine,
  type ParsedStatement,
  parseIsoAmountCents,
  StatementFileError,
} from './bank-statement.types.ts';

/** An entry as an admin finds it in the file: its bank id, else its position, with its booking date. */
const entryName = (e: Entry, n: number) =>
  `${e.acctSvcrRef ?? e.ntryRef ?? `#${n}`}${e.bookingDate ? ` (${e.bookingDate})` : ''}`;

const badAmount = (what: string, amount: string | undefined) =>
  new StatementFileError(
    tr(
      'statement.camtAmount',
      'The amount "{amount}" of {what} is not an ISO 20022 amount: digits, then a point and at most two decimals, ' +
        'without a sign (CdtDbtInd says credit or debit) or thousands separators. Nothing was imported.',
      { amount: amount ?? '', what },
    ),
  );

const badSign = (what: string, sign: string | undefined) =>
  new StatementFileError(
    tr(
      'statement.camtSign',
      '{what} has no valid credit/debit indicator (CdtDbtInd is "{sign}"; it must be CRDT or DBIT). Nothing was imported.',
      { what, sign: sign ?? '' },
    ),
  );

interface Tx {
  amount?: string;
  currency?: string;
  acctSvcrRef?: string;
  endToEndId?: string;
  txId?: string;
  ref?: string;
  ustrd: string[];
  addtl: string[];
  dbtrName?: string;
  dbtrAcct?: string;
  cdtrName?: string;
  cdtrAcct?: string;
  isReturn: boolean;
  /** BkTxCd Domn/Cd, Fmly/Cd, Fmly/SubFmlyCd of this transaction. */
  code: TxCode;
  /** The currency the payer instructed (AmtDtls/InstdAmt), when the bank converted it. */
  instructedCurrency?: string;
}

interface Entry {
  amount?: string;
  currency?: string;
  sign?: string;
  status?: string;
  bookingDate?: string;
  valueDate?: string;
  acctSvcrRef?: string;
  ntryRef?: string;
  reversal?: boolean;
  addtl: string[];
  txs: Tx[];
  /** BkTxCd of the entry (a transaction's own, when it has one, comes first). */
  code: TxCode;
}

interface TxCode {
  domain?: string;
  family?: string;
  subFamily?: string;
}

/** "DOMN/FMLY/SUBF" when the code is complete, else null. */
function codeText(c: TxCode | undefined): string | null {
  return c?.domain && c.family && c.subFamily ? `${c.domain}/${c.family}/${c.subFamily}` : null;
}

function readCode(c: TxCode, path: string, value: string): boolean {
  if (path === 'BkTxCd/Domn/Cd') c.domain = value;
  else if (path === 'BkTxCd/Domn/Fmly/Cd') c.family = value;
  else if (path === 'BkTxCd/Domn/Fmly/SubFmlyCd') c.subFamily = value;
  else return false;
  return true;
}

interface Balance {
  type?: string;
  amount?: string;
  currency?: string;
  sign?: string;
  date?: string;
}

const newTx = (): Tx => ({ ustrd: [], addtl: [], isReturn: false, code: {} });

/** Reads a camt.053 file; throws StatementFileError naming what is wrong (not XML, truncated, no statement). */
export function readCamt053(content: string): ParsedStatement {
  const stack: string[] = [];
  let textBuf = '';
  let currencyAttr: string | undefined;
  const result: ParsedStatement = {
    bankAccount: null,
    currency: null,
    bankStatementId: null,
    openingCents: null,
    closingCents: null,
    fromDate: null,
    toDate: null,
    lines: [],
  };
  let sawStatement = false;
  let stmtCount = 0;
  let balance: Balance | null = null;
  const balances: Balance[] = [];
  let entry: Entry | null = null;
  let tx: Tx | null = null;
  const entries: Entry[] = [];

  const parser = new SaxesParser();
  parser.on('opentag', (tag) => {
    const name = localName(tag.name);
    stack.push(name);
    textBuf = '';
    const ccy = (tag.attributes as Record<string, string>).Ccy;
    currencyAttr = ccy;
    const at = stack.indexOf('Stmt');
    if (name === 'Stmt' && at === stack.length - 1) {
      sawStatement = true;
      stmtCount++;
    }
    if (at < 0) return;
    const rel = stack.slice(at + 1);
    if (rel.length === 1 && name === 'Bal') balance = {};
    else if (rel.length === 1 && name === 'Ntry') entry = { addtl: [], txs: [], code: {} };
    else if (entry && name === 'TxDtls' && rel.length === 3) tx = newTx();
    else if (tx && name === 'RtrInf') tx.isReturn = true;
    if (name === 'Amt' && ccy) {
      if (balance && rel.length === 2) balance.currency = ccy;
      else if (entry && rel.length === 2) entry.currency = ccy;
      else if (tx) tx.currency ??= ccy;
    }
  });
  parser.on('text', (t) => {
    textBuf += t;
  });
  // A CDATA section is text like any other (a bank may wrap a reference in one).
  parser.on('cdata', (t) => {
    textBuf += t;
  });
  parser.on('closetag', () => {
    const at = stack.indexOf('Stmt');
    const value = textBuf.trim();
    textBuf = '';
    if (at >= 0) {
      const rel = stack.slice(at + 1);
      const path = rel.join('/');
      if (path === 'Id') result.bankStatementId = value;
      else if (path === 'Acct/Id/IBAN' || path === 'Acct/Id/Othr/Id') result.bankAccount ??= value;
      else if (path === 'Acct/Ccy') result.currency = value;
      else if (path === 'FrToDt/FrDtTm') result.fromDate = value.slice(0, 10);
      else if (path === 'FrToDt/ToDtTm') result.toDate = value.slice(0, 10);
      else if (balance && rel[0] === 'Bal') readBalance(balance, path.slice(4), value);
      else if (entry && rel[0] === 'Ntry') {
        const sub = path.slice(5);
        if (tx && sub.startsWith('NtryDtls/TxDtls/'))
          readTx(tx, sub.slice('NtryDtls/TxDtls/'.length), value, currencyAttr);
        else readEntry(entry, sub, value);
      }
      if (path === 'Bal' && balance) {
        balances.push(balance);
        balance = null;
      } else if (path === 'Ntry' && entry) {
        entries.push(entry);
        entry = null;
      } else if (path === 'Ntry/NtryDtls/TxDtls' && entry && tx) {
        entry.txs.push(tx);
        tx = null;
      }
    }
    stack.pop();
  });
  try {
    parser.write(content).close();
  } catch (e) {
    throw new StatementFileError(
      `This is not a complete camt.053 file (the XML stops or is malformed: ${(e as Error).message.split('\n')[0]}). ` +
        'Nothing was imported.',
    );
  }
  if (!sawStatement) throw new StatementFileError('This file has no camt.053 statement (no Stmt element).');
  if (stmtCount > 1) throw new StatementFileError('This file holds several statements; import one statement per file.');

  for (const b of balances) {
    const what = `the balance ${b.type ?? '?'}${b.date ? ` (${b.date})` : ''}`;
    const cents = b.amount === undefined ? null : parseIsoAmountCents(b.amount);
    if (cents === null) throw badAmount(what, b.amount);
    if (b.sign !== 'CRDT' && b.sign !== 'DBIT') throw badSign(what, b.sign);
    const signed = b.sign === 'DBIT' ? -cents : cents;
    if (b.type === 'OPBD' || (b.type === 'PRCD' && result.openingCents === null)) {
      result.openingCents = signed;
      result.fromDate ??= b.date ?? null;
    } else if (b.type === 'CLBD') {
      result.closingCents = signed;
      result.toDate = b.date ?? result.toDate;
    }
    result.currency ??= b.currency ?? null;
  }
  if (result.openingCents === null || result.closingCents === null) {
    throw new StatementFileError('This camt.053 statement has no opening (OPBD) or no closing (CLBD) balance.');
  }

  const seen = new Map<string, number>();
  entries.forEach((e, i) => {
    if (e.status && e.status !== 'BOOK') return;
    result.lines.push(...entryLines(e, i + 1, result.currency ?? 'USD', seen));
  });
  return result;
}

function localName(qname: string): string {
  const i = qname.indexOf(':');
  return i < 0 ? qname : qname.slice(i + 1);
}

function readBalance(b: Balance, path: string, value: string): void {
  if (path === 'Tp/CdOrPrtry/Cd') b.type = value;
  else if (path === 'Amt') b.amount = value;
  else if (path === 'CdtDbtInd') b.sign = value;
  else if (path === 'Dt/Dt' || path === 'Dt/DtTm') b.date = value.slice(0, 10);
}

function readEntry(e: Entry, path: string, value: string): void {
  if (readCode(e.code, path, value)) return;
  if (path === 'Amt') e.amount = value;
  else if (path === 'CdtDbtInd') e.sign = value;
  else if ((path === 'Sts' || path === 'Sts/Cd') && value) e.status = value;
  else if (path === 'BookgDt/Dt' || path === 'BookgDt/DtTm') e.bookingDate = value.slice(0, 10);
  else if (path === 'ValDt/Dt' || path === 'ValDt/DtTm') e.valueDate = value.slice(0, 10);
  else if (path === 'AcctSvcrRef') e.acctSvcrRef = value;
  else if (path === 'NtryRef') e.ntryRef = value;
  else if (path === 'RvslInd') e.reversal = value === 'true';
  else if (path === 'AddtlNtryInf' && value) e.addtl.push(value);
}

function readTx(t: Tx, path: string, value: string, ccy: string | undefined): void {
  if (readCode(t.code, path, value)) return;
  switch (path) {
    case 'Refs/AcctSvcrRef':
      t.acctSvcrRef = value;
      break;
    case 'Refs/EndToEndId':
      if (value && value !== 'NOTPROVIDED') t.endToEndId = value;
      break;
    case 'Refs/TxId':
      t.txId = value;
      break;
    case 'Amt':
    case 'AmtDtls/TxAmt/Amt':
      t.amount ??= value;
      if (ccy) t.currency ??= ccy;
      break;
    case 'AmtDtls/InstdAmt/Amt':
      if (ccy) t.instructedCurrency = ccy;
      break;
    case 'RmtInf/Strd/CdtrRefInf/Ref':
    case 'RmtInf/Strd/CdtrRefInf/CdtrRef':
      t.ref ??= value;
      break;
    case 'RmtInf/Ustrd':
      if (value) t.ustrd.push(value);
      break;
    case 'AddtlTxInf':
    case 'RtrInf/AddtlInf':
      if (value) t.addtl.push(value);
      break;
    case 'RltdPties/Dbtr/Nm':
    case 'RltdPties/Dbtr/Pty/Nm':
      t.dbtrName = value;
      break;
    case 'RltdPties/DbtrAcct/Id/IBAN':
    case 'RltdPties/DbtrAcct/Id/Othr/Id':
      t.dbtrAcct = value;
      break;
    case 'RltdPties/Cdtr/Nm':
    case 'RltdPties/Cdtr/Pty/Nm':
      t.cdtrName = value;
      break;
    case 'RltdPties/CdtrAcct/Id/IBAN':
    case 'RltdPties/CdtrAcct/Id/Othr/Id':
      t.cdtrAcct = value;
      break;
  }
}

function entryLines(e: Entry, n: number, accountCurrency: string, seen: Map<string, number>): ParsedLine[] {
  const what = `the entry ${entryName(e, n)}`;
  const entryCents = e.amount === undefined ? null : parseIsoAmountCents(e.amount);
  if (entryCents === null || entryCents === 0) throw badAmount(what, e.amount);
  // The sign is CdtDbtInd's alone: an entry without one is refused, never read as a credit.
  if (e.sign !== 'CRDT' && e.sign !== 'DBIT') throw badSign(what, e.sign);
  const credit = e.sign === 'CRDT';
  const bookingDate = e.bookingDate ?? e.valueDate;
  if (!bookingDate) throw new StatementFileError(`An entry of ${e.amount} has no booking date.`);
  const split = e.txs.length > 1 && e.txs.every((t) => t.amount !== undefined);
  if (split) {
    e.txs.forEach((t, i) => {
      if (parseIsoAmountCents(t.amount!) === null) throw badAmount(`${what}, transaction ${i + 1}`, t.amount);
    });
    const sum = e.txs.reduce((s, t) => s + parseIsoAmountCents(t.amount!)!, 0);
    if (sum !== entryCents) {
      throw new StatementFileError(
        `A batch entry of ${centsText(entryCents)} (${e.acctSvcrRef ?? 'no id'}) has transactions adding up to ${centsText(sum)}.`,
      );
    }
  }
  const parts: { tx: Tx | undefined; cents: number; index: number }[] = split
    ? e.txs.map((tx, index) => ({ tx, cents: parseIsoAmountCents(tx.amount!)!, index }))
    : [{ tx: e.txs[0], cents: entryCents, index: 0 }];
  return parts.map(({ tx, cents, index }) => {
    const text = [...(tx?.ustrd ?? []), ...e.addtl, ...(tx?.addtl ?? [])].join(' ');
    const reference = tx?.ref ?? tx?.endToEndId ?? (tx?.ustrd.length ? tx.ustrd.join(' ') : null);
    const amountCents = credit ? cents : -cents;
    // The statement's amounts are in the account's currency; a transfer the payer made in another currency (which
    // the bank converted) keeps that currency, so matching makes it an exception instead of crediting it.
    const currency = tx?.instructedCurrency ?? e.currency ?? accountCurrency;
    const counterpartyName = (credit ? tx?.dbtrName : tx?.cdtrName) ?? null;
    const counterpartyAccount = (credit ? tx?.dbtrAcct : tx?.cdtrAcct) ?? null;
    const entryId =
      e.acctSvcrRef ?? (split ? undefined : tx?.acctSvcrRef) ?? e.ntryRef ?? (split ? undefined : tx?.txId);
    let bankTxId: string;
    if (split)
      bankTxId =
        tx?.acctSvcrRef ?? `${entryId ?? fallbackId(e, bookingDate, amountCents, reference, text, seen)}/${index + 1}`;
    else bankTxId = entryId ?? fallbackId(e, bookingDate, amountCents, `${reference}|${counterpartyName}`, text, seen);
    return {
      bankTxId,
      hasBankId: (split && tx?.acctSvcrRef !== undefined) || entryId !== undefined,
      bookingDate,
      amountCents,
      currency,
      reference,
      endToEndId: tx?.endToEndId ?? null,
      description: text,
      counterpartyName,
      counterpartyAccount,
      isReturn: credit && (tx?.isReturn ?? false),
      bankTxCode: codeText(tx?.code) ?? codeText(e.code),
    };
  });
}

/** An id for an entry the bank gave none: a hash of what it says and its occurrence among identical ones. */
function fallbackId(
  e: Entry,
  bookingDate: string,
  amountCents: number,
  reference: string | null,
  text: string,
  seen: Map<string, number>,
): string {
  const key = createHash('sha256')
    .update([bookingDate, amountCents, reference ?? '', text, e.valueDate ?? ''].join('\u0000'))
    .digest('hex')
    .slice(0, 32);
  const n = (seen.get(key) ?? 0) + 1;
  seen.set(key, n);
  return `h:${key}:${n}`;
}
