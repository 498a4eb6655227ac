/**
 * A typed Node caller of the Vestora API: logs in and lists the investment plans.
 *
 *   VESTORA_EMAIL=you@example.com VESTORA_PASSWORD=... pnpm exec tsx scripts/typed-client.ts
 *
 * VESTORA_URL defaults to http://127.0.0.1:3000. Only the router's TYPE comes from the server package.
 */
import path from 'node:path';
import { createTRPCClient, httpLink } from '@trpc/client';
import type { AppRouter } from '@vestora/server';

export interface TypedClientOptions {
  url: string;
  email: string;
  password: string;
}

/** A tRPC client that keeps the session cookie the server sets (Node's fetch has no cookie jar). */
export function createVestoraClient(url: string) {
  let cookie = '';
  return createTRPCClient<AppRouter>({
    links: [
      httpLink({
        url: `${url.replace(/\/+$/, '')}/trpc`,
        headers: () => (cookie ? { cookie } : {}),
        async fetch(input, init) {
          const res = await fetch(input, init);
          const session = res.headers.getSetCookie().find((c) => c.startsWith('vestora_session='));
          if (session) cookie = session.split(';')[0]!;
          return res;
        },
      }),
    ],
  });
}

/** Logs in, then lists the plans with the session the login started. */
export async function loginAndListPlans(opts: TypedClientOptions) {
  const client = createVestoraClient(opts.url);
  const me = await client.user.login.mutate({ email: opts.email, password: opts.password });
  const plans = await client.plan.list.query();
  return { me, plans };
}

async function main() {
  const { VESTORA_URL = 'http://127.0.0.1:3000', VESTORA_EMAIL, VESTORA_PASSWORD } = process.env;
  if (!VESTORA_EMAIL || !VESTORA_PASSWORD) {
    console.error(
      'Set VESTORA_EMAIL and VESTORA_PASSWORD (and VESTORA_URL if the server is not on http://127.0.0.1:3000).',
    );
    process.exit(2);
  }
  const { me, plans } = await loginAndListPlans({ url: VESTORA_URL, email: VESTORA_EMAIL, password: VESTORA_PASSWORD });
  console.log(
    `Signed in as ${me.firstName} ${me.lastName} <${me.email}> (${me.accountType}), balance $${me.balance.toFixed(2)}`,
  );
  console.log(`${plans.length} investment plan(s):`);
  for (const p of plans)
    console.log(
      `  - ${p.investmentPlanName}: ${p.interestRate} interest, ${p.investmentDuration} year(s), risk ${p.riskLevel ?? (p.riskLevelUnmapped ? `not chosen (${p.riskLevelUnmapped})` : 'not yet graded')}`,
    );
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  main().catch((err: unknown) => {
    console.error(`The call failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
}
