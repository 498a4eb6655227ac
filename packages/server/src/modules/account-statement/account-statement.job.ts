// The monthly statement job (#21). On or after the first day of a month (by the injected clock) it issues every
// member with activity, a balance or an open position a statement for the month before. Exactly once per member
// and month across instances: the month's run is split into batches of members by sign-up number, an instance
// claims one batch at a time (FOR UPDATE SKIP LOCKED and a lease), and the statement's unique (user_id, month)
// key is the last word. A stopped instance gives its batch back; a crashed one's lease runs out and another
// instance takes the batch over; members already issued are skipped. It runs in the server process, outside
// any request, and yields to the event loop after every chunk. The month's close stores each statement's
// figures (totals, CSV, the lines, the coins and positions as JSON) and no PDF: the PDF is drawn when someone
// first opens it, and kept (#28; account-statement.service.ts).
import { randomUUID } from 'node:crypto';
import { money, month as monthValue, tm } from '../../i18n/i18n.ts';
import type { AppDeps } from '../../deps.ts';
import { notifyMany, type NotifyInput } from '../notification/notification.service.ts';
import {
  type ClaimedBatch,
  claimBatch,
  finishBatch,
  finishRunIfDone,
  findRun,
  insertStatements,
  listBatchMembers,
  listMemberCoins,
  listMonthCoinPostings,
  listMonthEntries,
  listOpenPositions,
  listUnfinishedRuns,
  type MonthDate,
  type NewAccountStatement,
  releaseBatch,
  startRun,
} from './account-statement.repo.ts';
import {
  buildStatement,
  figuresToJson,
  monthOf,
  parseMonth,
  StatementMismatch,
  statementCsv,
  type StatementMonth,
} from './account-statement.build.ts';
import { type JobRunner, runnerFor } from '../job/job.runner.ts';

type JobDeps = Pick<AppDeps, 'db' | 'clock' | 'log' | 'config'>;

export interface StatementJobOptions {
  /** Members per batch (a range of sign-up numbers one instance claims). */
  batchSize?: number;
  /** Members whose statements are written in one transaction. */
  chunkSize?: number;
  /** How long a claimed batch stays with its instance before another may take it over. */
  leaseMs?: number;
  /** Names this instance in the batches it claims. */
  owner?: string;
}

export interface StatementTotals {
  /** Statements this run issued. */
  issued: number;
  /** Members whose figures did not add up: no statement, an error in the log. */
  refused: number;
  /** Batches this run finished. */
  batches: number;
}

const DEFAULTS = { batchSize: 1000, chunkSize: 500, leaseMs: 10 * 60_000 };

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}

const yieldToRequests = () => new Promise<void>((r) => setImmediate(r));
const monthDate = (m: StatementMonth): MonthDate => `${m.key}-01`;

/**
 * Issues what is due at the clock's now: the month before, and any month whose run a stop left unfinished.
 * `shouldStop` is asked between chunks; a stop gives the batch in hand back. `maxBatches` bounds one call
 * (tests use it to stop half-way).
 */
export async function issueDueStatements(
  deps: JobDeps,
  opts: StatementJobOptions & { shouldStop?: () => boolean; maxBatches?: number } = {},
): Promise<StatementTotals> {
  const o = { ...DEFAULTS, owner: randomUUID(), ...opts };
  const totals: StatementTotals = { issued: 0, refused: 0, batches: 0 };
  const previous = monthOf(deps.clock.now(), -1);
  const months = new Set(await listUnfinishedRuns(deps.db));
  const run = await findRun(deps.db, monthDate(previous));
  if (!run) {
    await startRun(deps.db, monthDate(previous), o.batchSize, deps.clock.now());
    months.add(monthDate(previous));
  } else if (!run.finished) months.add(monthDate(previous));

  for (const date of [...months].sort()) {
    const month = parseMonth(date);
    for (;;) {
      if (o.shouldStop?.() || (o.maxBatches !== undefined && totals.batches >= o.maxBatches)) return totals;
      const now = deps.clock.now();
      const batch = await claimBatch(deps.db, date, o.owner, now, new Date(now.getTime() + o.leaseMs));
      if (!batch) {
        await finishRunIfDone(deps.db, date, deps.clock.now());
        break;
      }
      const done = await issueBatch(deps, batch, month, o, totals);
      if (!done) {
        await releaseBatch(deps.db, batch, o.owner);
        return totals;
      }
    }
  }
  return totals;
}

/** Issues one claimed batch; false when a stop came first (the batch is then given back unfinished). */
async function issueBatch(
  deps: JobDeps,
  batch: ClaimedBatch,
  month: StatementMonth,
  o: typeof DEFAULTS & { owner: string; shouldStop?: () => boolean },
  totals: StatementTotals,
): Promise<boolean> {
  const candidates = await listBatchMembers(deps.db, batch, { ...month, date: batch.month });
  // #30: the coins every member of the batch held or moved in the month, in one query.
  const coinsOf = groupBy(
    await listMemberCoins(
      deps.db,
      candidates.map((m) => m.id),
      month,
    ),
    (c) => c.userId,
  );
  const members = candidates.filter(
    (m) => m.hasEntries || m.hasOpenPositions || m.openingCents !== 0 || m.closingCents !== 0 || coinsOf.has(m.id),
  );
  let issued = 0;
  let refused = 0;
  for (let i = 0; i < members.length; i += o.chunkSize) {
    if (o.shouldStop?.()) return false;
    const chunk = members.slice(i, i + o.chunkSize);
    const ids = chunk.map((m) => m.id);
    const movedAccounts = chunk.flatMap((m) =>
      (coinsOf.get(m.id) ?? []).filter((c) => c.moved).map((c) => c.accountId),
    );
    const [entries, positions, coinPostings] = await Promise.all([
      listMonthEntries(deps.db, ids, month),
      listOpenPositions(deps.db, ids, month.end),
      listMonthCoinPostings(deps.db, movedAccounts, month),
    ]);
    const entriesOf = groupBy(entries, (e) => e.userId);
    const positionsOf = groupBy(positions, (p) => p.userId);
    const postingsOf = groupBy(coinPostings, (p) => p.accountId);
    const rows: NewAccountStatement[] = [];
    const issuedAt = deps.clock.now();
    for (const [k, m] of chunk.entries()) {
      // Building is CPU work: requests on this instance get a turn every 100 members.
      if (k > 0 && k % 100 === 0) await yieldToRequests();
      try {
        const figures = buildStatement({
          month,
          memberName: `${m.firstName} ${m.lastName}`,
          openingCents: m.openingCents,
          closingCents: m.closingCents,
          entries: entriesOf.get(m.id) ?? [],
          positions: positionsOf.get(m.id) ?? [],
          coins: (coinsOf.get(m.id) ?? []).map((c) => ({ ...c, postings: postingsOf.get(c.accountId) ?? [] })),
        });
        rows.push({
          id: randomUUID(),
          userId: m.id,
          month: batch.month,
          openingCents: figures.openingCents,
          closingCents: figures.closingCents,
          entryCount: figures.lines.length,
          creditsCents: figures.creditsCents,
          debitsCents: figures.debitsCents,
          csv: statementCsv(figures, m.locale),
          figures: figuresToJson(figures),
          locale: m.locale,
          issuedAt,
        });
      } catch (err) {
        if (!(err instanceof StatementMismatch)) throw err;
        refused++;
        deps.log.error(
          { userId: m.id, month: month.key, reason: err.message },
          `account statement refused: the figures of ${month.key} do not add up (${err.message})`,
        );
      }
    }
    const now = deps.clock.now();
    const byUser = new Map(rows.map((r) => [r.userId, r]));
    issued += await deps.db.transaction().execute(async (trx) => {
      const first = await insertStatements(trx, rows);
      // Announced in the same transaction as the statement, once (only for the rows this call inserted).
      await notifyMany(
        trx,
        first.map((userId) => readyNotice(deps, month, byUser.get(userId)!, now)),
        now,
      );
      return first.length;
    });
    await yieldToRequests();
  }
  await finishBatch(deps.db, batch, o.owner, { issued, refused }, deps.clock.now());
  totals.issued += issued;
  totals.refused += refused;
  totals.batches++;
  return true;
}

/** The `account_statement.ready` notice of a statement just issued (in-app, and its e-mail as the member chose). */
function readyNotice(deps: JobDeps, month: StatementMonth, r: NewAccountStatement, now: Date): NotifyInput {
  const paragraphs = [
    tm(
      'notice.statementReady.body',
      'Your account statement for {month} is ready under Transactions, Statements, as a PDF and a CSV file.',
      { month: monthValue(month.key) },
    ),
    tm('notice.statementReady.balances', 'Opening balance {opening}, closing balance {closing}.', {
      opening: money(r.openingCents),
      closing: money(r.closingCents),
    }),
  ];
  return {
    userId: r.userId,
    kind: 'statement.ready',
    title: tm('notice.statementReady.subject', 'Your statement for {month} is ready', {
      month: monthValue(month.key),
    }),
    body: paragraphs,
    link: '/dashboard/transactions?tab=statements',
    eventKey: `account-statement:${month.key}`,
    at: now,
    mail: {
      kind: 'account_statement.ready',
      paragraphs,
      link: {
        label: tm('notice.statementReady.link', 'Open your statements'),
        url: `${deps.config.publicUrl.replace(/\/$/, '')}/dashboard/transactions?tab=statements`,
      },
    },
  };
}

export interface AccountStatementRunner {
  /**
   * Issues everything due now (waits for a run in progress first); resolves with what this call issued (nothing
   * while another instance holds the job's lease).
   */
  runOnce(): Promise<StatementTotals>;
  stop(): Promise<void>;
}

/**
 * The `account-statements` job: wakes every ACCOUNT_STATEMENT_EVERY_S (and once at start). Several instances may
 * run it on one PostgreSQL: the job's lease lets one issue at a time, and the batches and the unique key share the
 * work out and keep each statement to one.
 */
export function startAccountStatementRunner(
  deps: JobDeps,
  opts: StatementJobOptions = {},
  jobs?: JobRunner,
): AccountStatementRunner {
  const owner = opts.owner ?? randomUUID();
  const job = runnerFor(deps, jobs).add({
    name: 'account-statements',
    everyMs: deps.config.ACCOUNT_STATEMENT_EVERY_S * 1000,
    async tick({ signal }) {
      const t = await issueDueStatements(deps, { ...opts, owner, shouldStop: () => signal.aborted });
      if (t.issued > 0 || t.refused > 0) {
        deps.log.info(
          { issued: t.issued, refused: t.refused },
          `account statements: issued ${t.issued}${t.refused ? `, refused ${t.refused} (see the errors above)` : ''}`,
        );
      }
      return t;
    },
  });
  return {
    runOnce: async () => (await job.runNow()) ?? { issued: 0, refused: 0, batches: 0 },
    stop: () => job.stop(),
  };
}
