import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatUnits, parseUnits } from '@vestora/contract';
import type { TestUser } from '../../src/test/factories.ts';
import { toPublicError } from '../../src/lib/errors.ts';
import { claimBatch } from '../../src/modules/account-statement/account-statement.repo.ts';
import { issueDueStatements } from '../../src/modules/account-statement/account-statement.job.ts';
import {
  figuresFromJson,
  STATEMENT_COIN_CSV_HEADER,
  STATEMENT_CSV_HEADER,
} from '../../src/modules/account-statement/account-statement.build.ts';
import { renderStatementPdf } from '../../src/modules/account-statement/account-statement.pdf.ts';
import { fundTreasuryFromCli } from '../../src/modules/trade/trade.treasury.ts';
import { liveMarket, type LiveMarket } from '../../src/test/live-market.ts';
import { payDuePeriods } from '../../src/modules/investment/investment.payouts.ts';
import { callerAs, insertUser, testEnv } from '../../src/test/factories.ts';
import { logCapture, startTestApp, type TestApp } from '../../src/test/harness.ts';
import { ManualClock } from '../../src/test/manual-clock.ts';
import { expectLedgerConsistent, newKey } from '../money/money-helpers.ts';
import { createPlan, expectVerified } from '../investment/investment-helpers.ts';
import { csvRows, moveAt, pdfText, storedStatements } from './statement-helpers.ts';

const failure = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a refusal');
    },
    (e: unknown) => toPublicError(e),
  );

describe('monthly account statements', () => {
  let t: TestApp;
  let clock: ManualClock;
  let log: ReturnType<typeof logCapture>;
  let admin: TestUser;
  let alice: TestUser; // activity on both sides of each month boundary
  let bob: TestUser; // a balance and no activity in February
  let carol: TestUser; // nothing at all
  let dave: TestUser; // everything invested: balance 0, one open position
  const deps = () => t.app.deps;

  beforeAll(async () => {
    clock = new ManualClock('2026-01-05T09:00:00Z');
    log = logCapture();
    t = await startTestApp({ clock, logStream: log.stream, env: { LOG_LEVEL: 'error' } });
    const db = t.handle.db;
    admin = await insertUser(db, { accountType: 'admin' });
    alice = await insertUser(db, { firstName: 'Alice' });
    bob = await insertUser(db, { firstName: 'Bob' });
    carol = await insertUser(db, { firstName: 'Carol' });
    dave = await insertUser(db, { firstName: 'Dave' });

    await moveAt(db, alice.id, 100_00, '2026-01-10T10:00:00Z', 'opening credit');
    await moveAt(db, alice.id, 1, '2026-01-31T23:59:59.999Z', 'last millisecond of January');
    await moveAt(db, alice.id, -25_50, '2026-02-01T00:00:00.000Z', 'first instant of February');
    await moveAt(db, alice.id, 3_33, '2026-02-14T12:00:00Z', 'mid-month');
    await moveAt(db, alice.id, -7, '2026-02-28T23:59:59.999Z', 'last millisecond of February');
    await moveAt(db, alice.id, 10_00, '2026-03-01T00:00:00.000Z', 'first instant of March');
    await moveAt(db, bob.id, 42_42, '2026-01-20T00:00:00Z', 'January only');
    await moveAt(db, dave.id, 500_00, '2026-01-05T08:00:00Z', 'to invest');
    const planId = await createPlan(t, admin, { minAmount: 100, maxAmount: 1_000, termMonths: 12 });
    await callerAs(t, dave).investment.open({ planId, amount: 500, idempotencyKey: newKey() });
  });
  afterAll(async () => {
    await expectVerified(t.handle.db);
    await t.close();
  });

  it('issues nothing before the month is over', async () => {
    clock.set('2026-02-28T23:59:59Z');
    const first = await issueDueStatements(deps());
    // The month before February 28 is January: statements for January, none for February yet.
    const jan = await storedStatements(t.handle.db);
    expect(first.issued).toBe(jan.length);
    const issuedFor = new Set(jan.map((s) => s.user_id));
    expect(issuedFor).toEqual(new Set([alice.id, bob.id, dave.id]));
  });

  it('February: opening + entries = closing, to the cent, across both month boundaries', async () => {
    clock.set('2026-03-01T00:00:00Z');
    const run = await issueDueStatements(deps());
    expect(run).toMatchObject({ issued: 3, refused: 0 });
    const [janA, febA] = await storedStatements(t.handle.db, alice.id);
    expect(janA).toMatchObject({ opening_cents: 0, closing_cents: 100_01, entry_count: 2, credits_cents: 100_01 });
    expect(febA).toMatchObject({
      opening_cents: 100_01,
      closing_cents: 100_01 - 25_50 + 3_33 - 7,
      entry_count: 3,
      credits_cents: 3_33,
      debits_cents: 25_57,
    });
    // The closing balance equals the ledger's own balance at the end of February.
    const { rows } = await sql<{ b: number }>`
      select balance_after_cents as b from ledger_entries
      where user_id = ${alice.id} and created_at < '2026-03-01T00:00:00Z' order by seq desc limit 1`.execute(
      t.handle.db,
    );
    expect(febA!.closing_cents).toBe(Number(rows[0]!.b));
    // Bob: a balance and no February activity: a statement with no entries.
    const [, febB] = await storedStatements(t.handle.db, bob.id);
    expect(febB).toMatchObject({ opening_cents: 42_42, closing_cents: 42_42, entry_count: 0 });
    // Carol has nothing: no statement, ever.
    expect(await storedStatements(t.handle.db, carol.id)).toEqual([]);
  });

  it('the CSV has the opening row, every entry with the web’s words, the closing row and the open positions', async () => {
    const [, febA] = await storedStatements(t.handle.db, alice.id);
    const rows = csvRows(febA!.csv);
    expect(rows[0]).toEqual(STATEMENT_CSV_HEADER);
    expect(rows.slice(1)).toEqual([
      ['opening balance', '2026-02-01', '', '', '', '100.01', '', ''],
      ['entry', '2026-02-01', 'Adjustment', 'Adjustment: first instant of February', '-25.50', '74.51', '', ''],
      ['entry', '2026-02-14', 'Adjustment', 'Adjustment: mid-month', '3.33', '77.84', '', ''],
      ['entry', '2026-02-28', 'Adjustment', 'Adjustment: last millisecond of February', '-0.07', '77.77', '', ''],
      ['closing balance', '2026-02-28', '', '', '', '77.77', '', ''],
    ]);
    const [janD] = await storedStatements(t.handle.db, dave.id);
    const dRows = csvRows(janD!.csv);
    expect(dRows.at(-1)).toEqual([
      'open position',
      '2026-01-05',
      expect.stringMatching(/^Plan /),
      expect.stringMatching(/^Investment #[0-9a-f]{8}$/),
      '',
      '',
      '500.00',
      '0.00',
    ]);
    expect(dRows.find((r) => r[0] === 'entry' && r[2] === 'Invested')?.[4]).toBe('-500.00');
  });

  it('the PDF is a PDF pdf-lib can load, and it carries the figures', async () => {
    const list = await callerAs(t, alice).accountStatement.list();
    expect(list.map((s) => s.month)).toEqual(['2026-02', '2026-01']);
    expect(list[0]).toMatchObject({ openingBalance: 100.01, closingBalance: 77.77, entryCount: 3 });
    const file = await callerAs(t, alice).accountStatement.get({ id: list[0]!.id, format: 'pdf' });
    expect(file).toMatchObject({ fileName: 'vestora-statement-2026-02.pdf', mime: 'application/pdf' });
    const bytes = Buffer.from(file.contentBase64, 'base64');
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { pages, text } = await pdfText(bytes);
    expect(pages).toBe(1);
    for (const figure of ['February 2026', 'Alice User', '$100.01', '-$25.50', '+$3.33', '-$0.07', '$77.77']) {
      expect(text).toContain(figure);
    }
    expect(text).toContain('Adjustment: mid-month');
    const csv = await callerAs(t, alice).accountStatement.get({ id: list[0]!.id, format: 'csv' });
    expect(csv.mime).toBe('text/csv;charset=utf-8');
    expect(Buffer.from(csv.contentBase64, 'base64').toString('utf8')).toContain('closing balance,2026-02-28,,,,77.77');
  });

  it('the month closes without drawing PDFs; the first open draws it from the stored figures and keeps it', async () => {
    const list = await callerAs(t, bob).accountStatement.list();
    const id = list[0]!.id;
    const drawn = () =>
      t.handle.db.selectFrom('account_statement_pdfs').select('pdf').where('statement_id', '=', id).execute();
    const stored = await t.handle.db
      .selectFrom('account_statements')
      .select(['pdf', 'figures', 'locale'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.pdf).toBeNull();
    expect(stored.locale).toBe('en');
    expect(JSON.parse(stored.figures!)).toMatchObject({ month: list[0]!.month, memberName: expect.any(String) });
    expect(await drawn()).toHaveLength(0);
    const rename = (name: string) =>
      t.handle.db.updateTable('users').set({ first_name: name }).where('id', '=', bob.id).execute();
    await rename('Robert');
    const first = await callerAs(t, bob).accountStatement.get({ id, format: 'pdf' });
    expect(await drawn()).toHaveLength(1);
    const again = await callerAs(t, bob).accountStatement.get({ id, format: 'pdf' });
    expect(again.contentBase64).toBe(first.contentBase64);
    expect(Buffer.from((await drawn())[0]!.pdf).toString('base64')).toBe(first.contentBase64);
    // Figures as issued: a name changed since the month closed does not change the statement drawn later.
    const { text } = await pdfText(Buffer.from(first.contentBase64, 'base64'));
    expect(text).toContain('Bob User');
    expect(text).not.toContain('Robert');
    await rename('Bob');
  });

  it('a second run issues nothing: once per member and month, one notice each', async () => {
    const before = await storedStatements(t.handle.db);
    const again = await issueDueStatements(deps());
    expect(again).toEqual({ issued: 0, refused: 0, batches: 0 });
    expect(await storedStatements(t.handle.db)).toEqual(before);
    const notices = await t.handle.db
      .selectFrom('mail_outbox')
      .select(['user_id', sql<number>`count(*)`.as('n')])
      .where('kind', '=', 'account_statement.ready')
      .groupBy('user_id')
      .execute();
    // Alice and Bob: January and February; Dave: January and February (his position stays open).
    expect(new Map(notices.map((n) => [n.user_id, Number(n.n)]))).toEqual(
      new Map([
        [alice.id, 2],
        [bob.id, 2],
        [dave.id, 2],
      ]),
    );
  });

  it('a statement never changes: the database refuses an UPDATE', async () => {
    const [febA] = (await storedStatements(t.handle.db, alice.id)).slice(-1);
    await expect(
      t.handle.db.updateTable('account_statements').set({ closing_cents: 0 }).where('id', '=', febA!.id).execute(),
    ).rejects.toThrow(/issued once/);
  });

  it('only the owner reads a statement: another member and a visitor are refused', async () => {
    const [febA] = (await storedStatements(t.handle.db, alice.id)).slice(-1);
    const byBob = await failure(callerAs(t, bob).accountStatement.get({ id: febA!.id, format: 'pdf' }));
    expect(byBob.status).toBe(404);
    // Admins read their own statements only, like everyone.
    const byAdmin = await failure(callerAs(t, admin).accountStatement.get({ id: febA!.id, format: 'csv' }));
    expect(byAdmin.status).toBe(404);
    expect((await failure(callerAs(t, null).accountStatement.list())).status).toBe(401);
    expect(await callerAs(t, carol).accountStatement.list()).toEqual([]);
    const badFormat = await failure(callerAs(t, alice).accountStatement.get({ id: febA!.id, format: 'xls' as 'pdf' }));
    expect(badFormat.status).toBe(400);
  });

  it('refuses and logs a statement whose figures do not add up, and stores nothing for it', async () => {
    const eve = await insertUser(t.handle.db, { firstName: 'Eve' });
    // An entry dated into March after April's: the ledger's order and its dates disagree.
    await moveAt(t.handle.db, eve.id, 50_00, '2026-04-02T00:00:00Z');
    await moveAt(t.handle.db, eve.id, 20_00, '2026-03-20T00:00:00Z');
    clock.set('2026-05-01T00:00:00Z');
    const run = await issueDueStatements(deps());
    expect(run.refused).toBe(1);
    expect(await storedStatements(t.handle.db, eve.id)).toEqual([]);
    expect(log.text()).toContain(`account statement refused: the figures of 2026-04 do not add up`);
    expect(log.lines().some((l) => l.userId === eve.id && l.month === '2026-04')).toBe(true);
  });
});

// #30: members hold coins besides dollars; the statement has every coin held or moved in the month, each
// checked like the dollars.
describe('monthly statements with coins', () => {
  let t: TestApp;
  let clock: ManualClock;
  let market: LiveMarket;
  let admin: TestUser;
  let trader: TestUser; // buys BTC and sells some in February
  let holder: TestUser; // puts every dollar into BTC in January, then does nothing
  const satoshis = (decimal: string) => {
    const p = parseUnits(decimal, 8);
    if (!p.ok) throw new Error(`not an amount of BTC: ${decimal}`);
    return p.value;
  };
  const btc = (units: bigint) => formatUnits(units, 8);
  const trade = async (u: TestUser, input: { from: string; to: string; fromAmount: string }) => {
    market.setPrices({ BTC: 100_000 }); // priced now, on the moved clock
    const q = await callerAs(t, u).trade.quote(input);
    return callerAs(t, u).trade.accept({ quoteId: q.id });
  };
  const figuresOf = async (userId: string, month: string) => {
    const row = await t.handle.db
      .selectFrom('account_statements')
      .select(['id', 'figures', 'csv', 'opening_cents', 'closing_cents', 'entry_count'])
      .where('user_id', '=', userId)
      .where('month', '=', `${month}-01`)
      .executeTakeFirstOrThrow();
    return { ...row, figures: JSON.parse(row.figures!) as Record<string, unknown> };
  };
  let bought: bigint;
  let sold: bigint;
  let held: bigint;

  beforeAll(async () => {
    clock = new ManualClock('2026-01-20T09:00:00Z');
    market = liveMarket(clock, { BTC: 100_000 });
    t = await startTestApp({ market, clock });
    const db = t.handle.db;
    admin = await insertUser(db, { accountType: 'admin' });
    trader = await insertUser(db, { firstName: 'Tara' });
    holder = await insertUser(db, { firstName: 'Hal' });
    await callerAs(t, admin).asset.update({ symbol: 'BTC', spreadBps: 50, feeBps: 10, minUsd: '1', maxUsd: '100000' });
    await fundTreasuryFromCli(db, { asset: 'BTC', amount: '1', reason: 'test', refId: randomUUID() }, clock.now());
    await moveAt(db, trader.id, 2_000_00, '2026-01-20T08:00:00Z', 'to trade');
    await moveAt(db, holder.id, 500_00, '2026-01-20T08:00:00Z', 'to hold');
    held = satoshis((await trade(holder, { from: 'USD', to: 'BTC', fromAmount: '500' })).toAmount);

    clock.set('2026-02-01T00:00:00Z');
    expect(await issueDueStatements(t.app.deps)).toMatchObject({ refused: 0 });
    clock.set('2026-02-10T12:00:00Z');
    bought = satoshis((await trade(trader, { from: 'USD', to: 'BTC', fromAmount: '1000' })).toAmount);
    clock.set('2026-02-20T12:00:00Z');
    sold = satoshis((await trade(trader, { from: 'BTC', to: 'USD', fromAmount: '0.004' })).fromAmount);

    clock.set('2026-03-01T00:00:00Z');
    expect(await issueDueStatements(t.app.deps)).toMatchObject({ refused: 0 });
  });
  afterAll(async () => {
    // Every asset's journal adds up, and the platform's dollars too (trades counted).
    await expectLedgerConsistent(t.handle.db);
    await expectVerified(t.handle.db);
    await t.close();
  });

  it('a coin bought and partly sold: opening 0, each trade with the balance after it, the closing as held', async () => {
    expect(bought).toBe(994_000n); // $1,000 less 0.6% at $100,000
    expect(sold).toBe(400_000n);
    const { figures, opening_cents, closing_cents, entry_count } = await figuresOf(trader.id, '2026-02');
    // The dollars' side has both trades too, as before.
    expect(entry_count).toBe(2);
    expect(opening_cents).toBe(2_000_00);
    const usd = (await callerAs(t, trader).portfolio.holdings()).items.find((i) => i.asset === 'USD')!;
    expect(parseUnits(usd.amount, 2)).toEqual({ ok: true, value: BigInt(closing_cents) });
    const trades = await t.handle.db
      .selectFrom('trades')
      .select('id')
      .where('user_id', '=', trader.id)
      .orderBy('seq')
      .execute();
    expect(figures.coins).toEqual([
      {
        asset: 'BTC',
        name: 'Bitcoin',
        scale: 8,
        opening: '0.00000000',
        closing: btc(bought - sold),
        lines: [
          expect.objectContaining({
            date: '2026-02-10',
            kind: 'trade',
            refType: 'trade',
            refId: trades[0]!.id,
            amount: btc(bought),
            balanceAfter: btc(bought),
          }),
          expect.objectContaining({
            date: '2026-02-20',
            kind: 'trade',
            refId: trades[1]!.id,
            amount: btc(-sold),
            balanceAfter: btc(bought - sold),
          }),
        ],
      },
    ]);
    // The closing is the journal's own balance of the member's BTC.
    const account = await t.handle.db
      .selectFrom('ledger_accounts')
      .select('balance')
      .where('user_id', '=', trader.id)
      .where('asset', '=', 'BTC')
      .where('kind', '=', 'available')
      .executeTakeFirstOrThrow();
    expect(BigInt(account.balance)).toBe(bought - sold);
  });

  it('the CSV keeps the dollars’ table as it was and adds the coin block with an asset column', async () => {
    const { csv } = await figuresOf(trader.id, '2026-02');
    const rows = csvRows(csv);
    expect(rows[0]).toEqual(STATEMENT_CSV_HEADER);
    const blank = rows.findIndex((r) => r.length === 1 && r[0] === '');
    expect(rows.slice(1, blank).map((r) => [r[0], r[2], r[3]?.replace(/[0-9a-f]{8}$/, '…')])).toEqual([
      ['opening balance', '', ''],
      ['entry', 'Trade', 'Trade #…'],
      ['entry', 'Trade', 'Trade #…'],
      ['closing balance', '', ''],
    ]);
    expect(rows.slice(1, blank).every((r) => r.length === STATEMENT_CSV_HEADER.length)).toBe(true);
    const trades = await t.handle.db
      .selectFrom('trades')
      .select('id')
      .where('user_id', '=', trader.id)
      .orderBy('seq')
      .execute();
    const ref = (i: number) => `Trade #${trades[i]!.id.slice(0, 8)}`;
    expect(rows.slice(blank + 1)).toEqual([
      STATEMENT_COIN_CSV_HEADER,
      ['opening balance', 'BTC', '2026-02-01', '', '', '', '0.00000000'],
      ['entry', 'BTC', '2026-02-10', 'Trade', ref(0), btc(bought), btc(bought)],
      ['entry', 'BTC', '2026-02-20', 'Trade', ref(1), btc(-sold), btc(bought - sold)],
      ['closing balance', 'BTC', '2026-02-28', '', '', '', btc(bought - sold)],
    ]);
  });

  it('the PDF has a Coins section after the dollar lines, one table per coin', async () => {
    const { id } = await figuresOf(trader.id, '2026-02');
    const file = await callerAs(t, trader).accountStatement.get({ id, format: 'pdf' });
    const { text } = await pdfText(Buffer.from(file.contentBase64, 'base64'));
    for (const words of [
      'Coins',
      'Bitcoin (BTC)',
      'Held at the start of the month',
      '0 BTC',
      '+0.00994',
      '-0.004',
      'Held at the end of the month',
      '0.00594 BTC',
    ])
      expect(text).toContain(words);
    expect(text.indexOf('Coins')).toBeGreaterThan(text.indexOf('Entries (2)'));
    expect(text.indexOf('Coins')).toBeLessThan(text.indexOf('Open positions at the end of the month'));
    // In the member's language: its words and its digits, still exact.
    const { figures } = await figuresOf(trader.id, '2026-02');
    const german = await pdfText(await renderStatementPdf(figuresFromJson(JSON.stringify(figures)), clock.now(), 'de'));
    for (const words of ['Bestand zu Monatsbeginn', '+0,00994', '-0,004', '0,00594 BTC', 'Handel #'])
      expect(german.text).toContain(words);
  });

  it('coins alone get a statement: dollars all traded away, BTC held through a month without movement', async () => {
    const jan = await figuresOf(holder.id, '2026-01');
    expect(jan).toMatchObject({ opening_cents: 0, closing_cents: 0, entry_count: 2 });
    expect(jan.figures.coins).toMatchObject([{ asset: 'BTC', opening: '0.00000000', closing: btc(held) }]);
    const feb = await figuresOf(holder.id, '2026-02');
    expect(feb).toMatchObject({ opening_cents: 0, closing_cents: 0, entry_count: 0 });
    expect(feb.figures.coins).toEqual([
      { asset: 'BTC', name: 'Bitcoin', scale: 8, opening: btc(held), closing: btc(held), lines: [] },
    ]);
    expect(csvRows(feb.csv).at(-1)).toEqual(['closing balance', 'BTC', '2026-02-28', '', '', '', btc(held)]);
    const { text } = await pdfText(
      Buffer.from(
        (await callerAs(t, holder).accountStatement.get({ id: feb.id, format: 'pdf' })).contentBase64,
        'base64',
      ),
    );
    expect(text).toContain('No movements this month.');
    // A month before any coin: no coin block in the CSV, no Coins section in the PDF.
    const before = await figuresOf(trader.id, '2026-01');
    expect(before.figures.coins).toEqual([]);
    expect(csvRows(before.csv)).not.toContainEqual(STATEMENT_COIN_CSV_HEADER);
    const beforePdf = await callerAs(t, trader).accountStatement.get({ id: before.id, format: 'pdf' });
    expect((await pdfText(Buffer.from(beforePdf.contentBase64, 'base64'))).text).not.toContain('Coins');
  });
});

describe('the job resumes after a stop and after a crash', () => {
  let t: TestApp;
  let clock: ManualClock;
  let members: TestUser[];

  beforeAll(async () => {
    clock = new ManualClock('2026-06-10T00:00:00Z');
    t = await startTestApp({ clock });
    members = [];
    for (let i = 0; i < 25; i++) {
      const u = await insertUser(t.handle.db);
      await moveAt(t.handle.db, u.id, (i + 1) * 100, '2026-06-15T00:00:00Z');
      members.push(u);
    }
    clock.set('2026-07-01T08:00:00Z');
  });
  afterAll(() => t.close());

  it('a stop after one batch leaves the rest to the next run; every member is issued once', async () => {
    const first = await issueDueStatements(t.app.deps, { batchSize: 10, chunkSize: 4, maxBatches: 1 });
    expect(first.batches).toBe(1);
    expect(first.issued).toBeGreaterThan(0);
    expect(first.issued).toBeLessThan(25);
    const run = await t.handle.db.selectFrom('account_statement_runs').select('finished_at').executeTakeFirstOrThrow();
    expect(run.finished_at).toBeNull();

    // A batch claimed by an instance that then died: nobody takes it before its lease ends.
    const now = clock.now();
    const dead = await claimBatch(t.handle.db, '2026-06-01', 'dead-instance', now, new Date(now.getTime() + 600_000));
    expect(dead).toBeDefined();
    const second = await issueDueStatements(t.app.deps, { batchSize: 10, chunkSize: 4 });
    expect(first.issued + second.issued).toBeLessThan(25);
    clock.advanceMs(600_001);
    const third = await issueDueStatements(t.app.deps, { batchSize: 10, chunkSize: 4 });
    expect(first.issued + second.issued + third.issued).toBe(25);

    const rows = await storedStatements(t.handle.db);
    expect(rows).toHaveLength(25);
    expect(new Set(rows.map((r) => r.user_id))).toEqual(new Set(members.map((m) => m.id)));
    const finished = await t.handle.db
      .selectFrom('account_statement_runs')
      .select('finished_at')
      .executeTakeFirstOrThrow();
    expect(finished.finished_at).not.toBeNull();
    expect(await issueDueStatements(t.app.deps, { batchSize: 10 })).toEqual({ issued: 0, refused: 0, batches: 0 });
  });
});

describe('the yearly interest summary', () => {
  let t: TestApp;
  let clock: ManualClock;
  let admin: TestUser;
  let investor: TestUser;
  let friend: TestUser;
  let planA: string;
  let planB: string;
  const pay = () => payDuePeriods(t.handle.db, testEnv(clock.now(), t.config));

  beforeAll(async () => {
    clock = new ManualClock('2026-10-01T00:00:00Z');
    t = await startTestApp({ clock });
    admin = await insertUser(t.handle.db, { accountType: 'admin' });
    investor = await insertUser(t.handle.db, { firstName: 'Ines' });
    friend = await insertUser(t.handle.db);
    await t.handle.db.updateTable('users').set({ referred_by: investor.id }).where('id', '=', friend.id).execute();
    await moveAt(t.handle.db, investor.id, 3_000_00, '2026-10-01T00:00:00Z');
    await moveAt(t.handle.db, friend.id, 800_00, '2026-10-01T00:00:00Z');
    planA = await createPlan(t, admin, {
      investmentPlanName: 'Alpha',
      annualRateBps: 1200,
      minAmount: 100,
      maxAmount: 5_000,
    });
    planB = await createPlan(t, admin, {
      investmentPlanName: 'Beta',
      annualRateBps: 600,
      minAmount: 100,
      maxAmount: 5_000,
    });
    await callerAs(t, investor).investment.open({ planId: planA, amount: 1_000, idempotencyKey: newKey() });
    await callerAs(t, investor).investment.open({ planId: planB, amount: 2_000, idempotencyKey: newKey() });
    await callerAs(t, friend).investment.open({ planId: planB, amount: 800, idempotencyKey: newKey() });
    // Three monthly payouts in 2026 (Nov 1, Dec 1... ) and more in 2027.
    for (const at of ['2026-11-01T00:00:00Z', '2026-12-01T00:00:00Z', '2027-01-01T00:00:00Z', '2027-02-01T00:00:00Z']) {
      clock.set(at);
      await pay();
    }
  });
  afterAll(async () => {
    await expectVerified(t.handle.db);
    await t.close();
  });

  async function interestIn(year: number, planId: string) {
    const { rows } = await sql<{ s: number }>`
      select coalesce(sum(e.amount_cents), 0) as s from ledger_entries e join investments i on i.id = e.ref_id
      where e.user_id = ${investor.id} and e.kind = 'interest' and i.plan_id = ${planId}
        and e.created_at >= ${new Date(Date.UTC(year, 0, 1))} and e.created_at < ${new Date(Date.UTC(year + 1, 0, 1))}`.execute(
      t.handle.db,
    );
    return Number(rows[0]!.s);
  }

  it('CSV: interest and referral rewards per plan for the year, equal to the ledger', async () => {
    const file = await callerAs(t, investor).accountStatement.yearSummary({ year: 2026, format: 'csv' });
    expect(file.fileName).toBe('vestora-interest-summary-2026.csv');
    const rows = csvRows(Buffer.from(file.contentBase64, 'base64').toString('utf8'));
    const reward = await t.handle.db
      .selectFrom('referral_rewards')
      .select(['amount_cents', 'status'])
      .where('referrer_id', '=', investor.id)
      .executeTakeFirstOrThrow();
    expect(reward.status).toBe('paid');
    const a = await interestIn(2026, planA);
    const b = await interestIn(2026, planB);
    expect(a).toBeGreaterThan(0);
    expect(b).toBeGreaterThan(0);
    const money = (c: number) => (c / 100).toFixed(2);
    const rewardCents = Number(reward.amount_cents);
    expect(rows).toEqual([
      ['plan', 'interest paid', 'referral rewards paid', 'total'],
      ['Alpha', money(a), '0.00', money(a)],
      ['Beta', money(b), money(rewardCents), money(b + rewardCents)],
      ['Total', money(a + b), money(rewardCents), money(a + b + rewardCents)],
    ]);
    // 2027 holds only the payouts of 2027, and no reward (it was paid once, in 2026).
    const next = csvRows(
      Buffer.from(
        (await callerAs(t, investor).accountStatement.yearSummary({ year: 2027, format: 'csv' })).contentBase64,
        'base64',
      ).toString('utf8'),
    );
    expect(next[1]).toEqual([
      'Alpha',
      money(await interestIn(2027, planA)),
      '0.00',
      money(await interestIn(2027, planA)),
    ]);
    expect(next.at(-1)?.[2]).toBe('0.00');
  });

  it('PDF: loads, and names each plan with its figures', async () => {
    const file = await callerAs(t, investor).accountStatement.yearSummary({ year: 2026, format: 'pdf' });
    const { text } = await pdfText(Buffer.from(file.contentBase64, 'base64'));
    expect(text).toContain('Interest summary: 2026');
    expect(text).toContain('Alpha');
    expect(text).toContain('Beta');
    const a = await interestIn(2026, planA);
    expect(text).toContain(`$${(a / 100).toFixed(2)}`);
  });

  it('refuses a year that has not started, and a year outside the range, with a 400', async () => {
    const future = await failure(callerAs(t, investor).accountStatement.yearSummary({ year: 2028, format: 'csv' }));
    expect(future.status).toBe(400);
    expect(future.message).toMatch(/has not started/);
    const silly = await failure(callerAs(t, investor).accountStatement.yearSummary({ year: 1999, format: 'pdf' }));
    expect(silly.status).toBe(400);
  });
});
