import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES } from '@vestora/contract';
import { describe, expect, it } from 'vitest';
import { bitcoinDepositFlow } from '../bitcoin/bitcoin.flow.ts';
import { depositFlow } from '../deposit/deposit.service.ts';
import { investmentFlow } from '../investment/investment.flow.ts';
import { withdrawalFlow } from '../withdrawal/withdrawal.service.ts';

// Every audit action the server records is in AUDIT_ACTIONS, where the web gives each its words in every language
// (#34: "Site update settings" read in English words). Literal actions are held by AuditRecord's type; a money
// flow's transitions are audited as `${entity}.${transition}` and are checked here.
// The Bitcoin flow is built per payment from its chain facts (#29: its columns live apart); its transitions and
// entity do not depend on them.
const CHAIN_FACTS = {
  txid: '00'.repeat(32),
  vout: 0,
  sats: 1,
  price_cents: null,
  price_at: null,
  credited_asset: null,
  value_cents: null,
};
const FLOWS = [depositFlow, bitcoinDepositFlow(CHAIN_FACTS), withdrawalFlow, investmentFlow];
const modulesDir = fileURLToPath(new URL('..', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sourceFiles(join(dir, e.name))
      : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')
        ? [join(dir, e.name)]
        : [],
  );
}

describe('audit actions', () => {
  it('every audited transition of every money flow is a listed action', () => {
    const audited = FLOWS.flatMap((flow) =>
      Object.entries(flow.transitions)
        .filter(([, transition]) => transition.audit !== false)
        .map(([name]) => `${flow.entity}.${name}`),
    );
    expect(audited).toContain('withdrawal.approveForBank');
    expect(audited).toContain('deposit.credit');
    expect(audited).not.toContain('investment.pay');
    expect(audited.filter((a) => !(AUDIT_ACTIONS as readonly string[]).includes(a))).toEqual([]);
    expect(FLOWS.filter((f) => !(AUDIT_ENTITY_TYPES as readonly string[]).includes(f.entity))).toEqual([]);
  });

  it('the flows checked are all the flows there are', () => {
    const declared = sourceFiles(modulesDir).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/export const (\w+) = (?:\(\w+: \w+\) =>\s*)?defineFlow\(/g)].map(
        (m) => m[1],
      ),
    );
    expect(declared.sort()).toEqual(['bitcoinDepositFlow', 'depositFlow', 'investmentFlow', 'withdrawalFlow']);
  });

  it('lists each action once', () => {
    expect(new Set(AUDIT_ACTIONS).size).toBe(AUDIT_ACTIONS.length);
  });
});
