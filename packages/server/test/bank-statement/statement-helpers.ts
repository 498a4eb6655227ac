// Shared fixtures of the statement tests (not a test file itself).
import { readFileSync } from 'node:fs';
import { groupReference } from '../../src/modules/bank-statement/rf-reference.ts';

/** A fixture file with its {{PLACEHOLDERS}} filled. */
export function fixture(name: string, values: Record<string, string>): string {
  let text = readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
  for (const [k, v] of Object.entries(values)) text = text.replaceAll(`{{${k}}}`, v);
  const left = /\{\{(\w+)\}\}/.exec(text);
  if (left) throw new Error(`fixture ${name}: no value for ${left[1]}`);
  return text;
}

/** The reference with one digit changed (a typo), keeping its shape. */
export function typo(ref: string): string {
  const i = ref.length - 3;
  return ref.slice(0, i) + String((Number(ref[i]) + 1) % 10) + ref.slice(i + 1);
}

/** As a person might type it into a transfer's free text: lower case, in groups. */
export const spacedLower = (ref: string) => groupReference(ref).toLowerCase();

/** One booked entry of a hand-made camt.053 statement (invented data). */
export interface CamtEntry {
  /** The bank's id (Ntry/AcctSvcrRef); none: the reader makes one from the entry. */
  id?: string;
  /** As the file writes it, e.g. "500.00". */
  amount: string;
  sign?: 'CRDT' | 'DBIT' | '';
  date: string;
  /** Structured creditor reference. */
  ref?: string;
  /** Unstructured remittance text (written as given: it may hold a CDATA section). */
  text?: string;
}

const cents = (a: string) => Math.round(Number(a) * 100);
const dollars = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;

/** A camt.053.001.02 statement of `account` from `openingCents` with these entries; its closing adds them up. */
export function camt(account: string, openingCents: number, entries: CamtEntry[], closingCents?: number): string {
  const closing =
    closingCents ?? entries.reduce((s, e) => s + (e.sign === 'DBIT' ? -1 : 1) * cents(e.amount), openingCents);
  const date = entries[0]?.date ?? '2026-11-20';
  const ntry = entries
    .map(
      (e) => `
      <Ntry>
        <Amt Ccy="USD">${e.amount}</Amt>${e.sign === '' ? '' : `<CdtDbtInd>${e.sign ?? 'CRDT'}</CdtDbtInd>`}<Sts>BOOK</Sts>
        <BookgDt><Dt>${e.date}</Dt></BookgDt>${e.id ? `<AcctSvcrRef>${e.id}</AcctSvcrRef>` : ''}
        <NtryDtls><TxDtls>
          <RmtInf>${e.text !== undefined ? `<Ustrd>${e.text}</Ustrd>` : ''}${e.ref ? `<Strd><CdtrRefInf><Ref>${e.ref}</Ref></CdtrRefInf></Strd>` : ''}</RmtInf>
        </TxDtls></NtryDtls>
      </Ntry>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>T-${date}</MsgId><CreDtTm>${date}T06:00:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>T-STMT-${date}</Id>
      <Acct><Id><Othr><Id>${account}</Id></Othr></Id><Ccy>USD</Ccy></Acct>
      <Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="USD">${dollars(openingCents)}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>${date}</Dt></Dt></Bal>
      <Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="USD">${dollars(Math.abs(closing))}</Amt><CdtDbtInd>${closing < 0 ? 'DBIT' : 'CRDT'}</CdtDbtInd><Dt><Dt>${date}</Dt></Dt></Bal>${ntry}
    </Stmt>
  </BkToCstmrStmt>
</Document>
`;
}
