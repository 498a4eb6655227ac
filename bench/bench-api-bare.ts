/**
 * The bare baseline of `bench/bench-api.ts`: Fastify with no plugins, no logger and a plain `pg` pool, running
 * the very queries the product runs for `plan.list` and for a session lookup (same columns, same filter and
 * order), answering their rows as JSON. Started by the benchmark (pinned to one core); not part of the product.
 * Env: DATABASE_URL, PORT.
 */
import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';
import { PLAN_COLUMNS, PUBLIC_USER_COLUMN_NAMES, SESSION_COOKIE } from '@vestora/server/bench';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const q = (c: string) => `"${c}"`;
// What Kysely compiles listPlans() and findSessionWithUser() to.
const PLANS_SQL = `select ${PLAN_COLUMNS.map(q).join(', ')} from "plans" where "status" = $1 order by "created_at", "id"`;
const SESSION_SQL =
  `select ${PUBLIC_USER_COLUMN_NAMES.map((c) => `"users".${q(c)}`).join(', ')}, ` +
  // The USD balance from the journal (#29), as balanceCentsColumn() compiles it.
  `coalesce((select la.balance from ledger_accounts la where la.user_id = "users"."id" and la.kind = 'available' ` +
  `and la.asset = 'USD'), 0)::bigint as "balance_cents", ` +
  `"sessions"."created_at" as "session_created_at", "sessions"."last_seen_at" as "session_last_seen_at" ` +
  `from "sessions" inner join "users" on "users"."id" = "sessions"."user_id" where "sessions"."token_hash" = $1`;

const app = Fastify({ logger: false });
app.get('/plans', async () => (await pool.query(PLANS_SQL, ['active'])).rows);
app.get('/me', async (req, reply) => {
  const token = (req.headers.cookie ?? '')
    .split(';')
    .map((p) => p.trim())
    .find((p) => p.startsWith(`${SESSION_COOKIE}=`))
    ?.slice(SESSION_COOKIE.length + 1);
  if (!token) return reply.code(401).send({ error: 'no session' });
  const hash = createHash('sha256').update(token).digest('hex');
  const row = (await pool.query(SESSION_SQL, [hash])).rows[0];
  return row ?? reply.code(401).send({ error: 'no session' });
});

await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
console.log('bare server ready');
