// Bank statement import and approval (#19, #28): `pnpm bench statement` (or `pnpm exec tsx bench/bench-statement.ts`).
// Seeds BENCH_MEMBERS members (default 100,000), builds a camt.053 file of BENCH_LINES lines (default 20,000: a
// busy month) of which BENCH_CREDITS (default 2,000) carry a member's reference and the rest are exceptions, then
// times statement.import (read, check, store, match) and statement.approve (every credit through the money core),
// with the memory they add. On PostgreSQL (BENCH_DATABASE_URL / TEST_DATABASE_URL / DATABASE_URL) when set, and on
// in-memory PGlite (BENCH_ENGINES=pg or pglite runs one of them).
import { randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { buildApp, callerAs, createTestDb, insertUser, loadConfig, verifyLedger } from '@vestora/server/bench';
import { recordBench } from './bench-report.ts';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const LINES = Number(process.env.BENCH_LINES ?? 20_000);
/** BENCH_SKIP_APPROVE=1 times the import alone (the approval applies every credit one by one: minutes at 20,000). */
const SKIP_APPROVE = process.env.BENCH_SKIP_APPROVE === '1';
const CREDITS = Math.min(LINES, Number(process.env.BENCH_CREDITS ?? 2_000));

async function main(engine: 'pg' | 'pglite', base: string | undefined) {
  process.env.VESTORA_TEST_DB = engine;
  if (base) process.env.TEST_DATABASE_URL = base;
  const handle = await createTestDb();
  const label = engine === 'pg' ? `PostgreSQL (${new URL(base!).host})` : 'PGlite (in memory)';
  const config = loadConfig({ LOG_LEVEL: 'silent', PUBLIC_URL: 'http://bench.test' });
  const app = await buildApp({ config, db: handle, logger: false });
  try {
    const importer = await insertUser(handle.db, { accountType: 'admin' });
    const approver = await insertUser(handle.db, { accountType: 'admin' });
    // The deposit account is a proposal a second administrator approves (#27).
    const { approval } = await callerAs(app.deps, importer).account.update({
      accountNumber: '4000123456',
      bankName: 'Bench Bank',
      accountHolder: 'Vestora Ltd',
    });
    await callerAs(app.deps, approver).approval.approve({ id: approval.id });
    const seeded = performance.now();
    for (let i = 0; i < MEMBERS; i += 1_000) {
      const n = Math.min(1_000, MEMBERS - i);
      await handle.db
        .insertInto('users')
        .values(
          Array.from({ length: n }, (_, k) => ({
            id: randomUUID(),
            first_name: 'Bench',
            last_name: `Member${i + k}`,
            country: 'PT',
            city: 'Lisbon',
            email: `bench-${i + k}@example.com`,
            password_hash: 'x',
            account_type: 'user' as const,
            referral_code: randomBytes(6).toString('hex'),
          })),
        )
        .execute();
    }
    const seedS = (performance.now() - seeded) / 1000;
    const refs = (
      await handle.db.selectFrom('users').select('deposit_reference').where('account_type', '=', 'user').execute()
    ).map((r) => r.deposit_reference);

    let sum = 0;
    const entries: string[] = [];
    for (let i = 0; i < LINES; i++) {
      const cents = 1_000 + ((i * 7919) % 500_000);
      sum += cents;
      // Every (LINES / CREDITS)th line a member's credit, spread over the members; the others name no member.
      const credit = Math.floor(((i + 1) * CREDITS) / LINES) > Math.floor((i * CREDITS) / LINES);
      const ref = credit ? refs[(i * 104_729) % refs.length]! : `INVOICE ${i}`;
      entries.push(
        `<Ntry><Amt Ccy="USD">${(cents / 100).toFixed(2)}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts>` +
          `<BookgDt><Dt>2026-11-${String(1 + (i % 28)).padStart(2, '0')}</Dt></BookgDt><AcctSvcrRef>BENCH-${i}</AcctSvcrRef>` +
          `<NtryDtls><TxDtls><RltdPties><Dbtr><Nm>Payer ${i}</Nm></Dbtr></RltdPties>` +
          `<RmtInf><Ustrd>${ref}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`,
      );
    }
    const bal = (type: string, cents: number) =>
      `<Bal><Tp><CdOrPrtry><Cd>${type}</Cd></CdOrPrtry></Tp><Amt Ccy="USD">${(cents / 100).toFixed(2)}</Amt>` +
      `<CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-11-30</Dt></Dt></Bal>`;
    const content =
      `<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">` +
      `<BkToCstmrStmt><GrpHdr><MsgId>BENCH</MsgId><CreDtTm>2026-12-01T00:00:00</CreDtTm></GrpHdr><Stmt><Id>BENCH-1</Id>` +
      `<Acct><Id><Othr><Id>4000123456</Id></Othr></Id><Ccy>USD</Ccy></Acct>${bal('OPBD', 0)}${bal('CLBD', sum)}` +
      `${entries.join('')}</Stmt></BkToCstmrStmt></Document>`;

    global.gc?.();
    const rss0 = process.memoryUsage().rss;
    let peak = rss0;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
    const t0 = performance.now();
    const r = await callerAs(app.deps, importer).statement.import({ format: 'camt053', content });
    const importS = (performance.now() - t0) / 1000;
    const t1 = performance.now();
    if (!SKIP_APPROVE) await callerAs(app.deps, approver).statement.approve({ statementId: r.statementId });
    const approveS = SKIP_APPROVE ? NaN : (performance.now() - t1) / 1000;
    clearInterval(sampler);
    const growthMb = (peak - rss0) / 1024 / 1024;
    const verify = await verifyLedger(handle.db);
    recordBench(
      `statement-${engine}`,
      [
        {
          metric: `statement.import of ${LINES.toLocaleString('en-US')} camt.053 lines (read, check, store, match)`,
          value: Number(importS.toFixed(2)),
          unit: 's',
          baseline: `${MEMBERS.toLocaleString('en-US')} members`,
          target: '< 10 s',
          met: importS < 10,
        },
        {
          metric: `statement.approve of ${LINES.toLocaleString('en-US')} lines: ${r.matched.toLocaleString('en-US')} credits through the money core`,
          value: SKIP_APPROVE ? 'skipped' : Number(approveS.toFixed(2)),
          unit: 's',
          target: '<= 30 s',
          met: !SKIP_APPROVE && approveS <= 30,
        },
        {
          metric: 'peak memory growth (RSS) during import + approve',
          value: Math.round(growthMb),
          unit: 'MB',
          target: '< 200 MB',
          met: growthMb < 200,
        },
      ],
      [
        `${label}; ${MEMBERS.toLocaleString('en-US')} members seeded in ${seedS.toFixed(1)} s; file ${(content.length / 1e6).toFixed(1)} MB`,
        `matched ${r.matched}, exceptions ${r.exceptions}; ledger check after approval: ${verify.ok && verify.platform.ok ? 'OK' : 'FAILED'}`,
      ],
    );
  } finally {
    await app.close();
    await handle.close();
  }
}

const base = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
const engines = (process.env.BENCH_ENGINES ?? 'pg,pglite').split(',');
if (engines.includes('pg')) {
  if (base) await main('pg', base);
  else console.log('bench-statement: no PostgreSQL (set BENCH_DATABASE_URL): PostgreSQL skipped');
}
if (engines.includes('pglite')) await main('pglite', undefined);
