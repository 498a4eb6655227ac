import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// Never a float on the money path (issue #29): the rule in eslint-rules/money.js, applied by eslint.config.js to
// modules/money/**, modules/ledger/** and the contract's units module, proven to fire the way
// lint-layers.test.ts proves the layer rules (snippets linted as if they sat at `filePath`, with the real config).
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot });
});

async function lint(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}/${filePath}` });
  return result!.messages.map((m) => ({ rule: m.ruleId, message: m.message, line: m.line }));
}

const RULE = 'money/no-float';
const MONEY_FILE = 'packages/server/src/modules/money/money.example.ts';
const LEDGER_FILE = 'packages/server/src/modules/ledger/ledger.example.ts';
const UNITS_FILE = 'packages/contract/src/units.ts';

// Each line makes or rounds a float in its own way; the rule reports each, with what to write instead.
const FLOATS: [string, RegExp][] = [
  ['export const a = (text: string) => parseFloat(text);', /parseUnits/],
  ['export const a = (text: string) => Number.parseFloat(text);', /parseUnits/],
  ['export const a = (value: string) => Number(value);', /BigInt\(value\)/],
  ['export const a = (value: string) => +value;', /BigInt\(value\)/],
  ['export const a = (dollars: number) => dollars.toFixed(2);', /formatUnits/],
  ['export const a = (cents: number) => Math.round(cents);', /Math\.round/],
  ['export const a = (cents: number) => Math.floor(cents);', /Math\.floor/],
  ['export const a = (cents: number) => Math.ceil(cents);', /Math\.ceil/],
  ['export const a = (cents: number) => Math.trunc(cents);', /Math\.trunc/],
  ['export const a = (cents: bigint) => cents * BigInt(0.07);', /literal 0\.07/],
  ['export const a = (cents: bigint) => cents * BigInt(1e-2);', /literal 1e-2/],
  ['export const a = (cents: number) => cents / 100;', /division/],
  ['export const a = (cents: number, n: number) => cents / n;', /division/],
  ['export function a(cents: number) {\n  cents /= 100;\n  return cents;\n}', /division/],
  // A name is a bigint only where the file says so; a `let` may hold anything later.
  ['let unit = 100n;\nexport const a = (cents: number) => cents / unit;\nunit = 10n;', /division/],
];

// A correct bigint implementation: interest on integers, conversions through BigInt, formatting on strings.
const BIGINT_CODE = `
const SATS_PER_BTC = 10n ** 8n;
export function interestCents(principal: bigint, rateBps: bigint, months: number): bigint {
  return (principal * rateBps * BigInt(months)) / 120_000n;
}
export function valueCents(sats: bigint, priceCents: bigint): bigint {
  return (sats * priceCents) / SATS_PER_BTC;
}
export function split(total: bigint, parts: number): bigint[] {
  const share = total / BigInt(parts);
  const rest = total - share * BigInt(parts);
  return Array.from({ length: parts }, (_, i) => (i === 0 ? share + rest : share));
}
export const fromRow = (row: { amount_units: string }) => BigInt(row.amount_units);
export const text = (units: bigint) => \`\${units / 100n}.\${String(units % 100n).padStart(2, '0')}\`;
export const isSafe = (cents: number) => Number.isSafeInteger(cents) && cents <= Number.MAX_SAFE_INTEGER;
export const share = (total: bigint, parts: bigint = 2n) => total / parts;
export function average(items: { units: bigint }[]): bigint {
  let sum: bigint = 0n;
  for (const i of items) sum += i.units;
  sum /= BigInt(items.length);
  return sum;
}
export const count = (rows: unknown[]) => rows.length - 1;
export const limit = 1e9;
`;

describe('never a float on the money path', () => {
  for (const [code, advice] of FLOATS) {
    it(`reports ${JSON.stringify(code.split('=> ')[1] ?? code)} in modules/money`, async () => {
      const messages = await lint(MONEY_FILE, `${code}\n`);
      expect(messages).toHaveLength(1);
      expect(messages[0]!.rule).toBe(RULE);
      expect(messages[0]!.message).toMatch(advice);
    });
  }

  it('reports the same in modules/ledger and in the contract units module', async () => {
    const snippet = 'export const dollars = (cents: number) => Math.round(cents) / 100;\n';
    for (const file of [LEDGER_FILE, UNITS_FILE]) {
      const messages = await lint(file, snippet);
      expect(
        messages.map((m) => m.rule),
        file,
      ).toEqual([RULE, RULE]);
    }
  });

  it('accepts a bigint implementation there', async () => {
    for (const file of [MONEY_FILE, LEDGER_FILE, UNITS_FILE]) expect(await lint(file, BIGINT_CODE), file).toEqual([]);
  });

  it('applies only on the money path (and not to its tests)', async () => {
    const float = 'export const dollars = (cents: number) => Math.round(cents * 0.5) / 100;\n';
    expect(await lint('packages/server/src/modules/plan/plan.example.ts', float)).toEqual([]);
    expect(await lint('packages/contract/src/money-amounts.example.ts', float)).toEqual([]);
    expect(await lint('packages/server/src/modules/money/money.example.test.ts', float)).toEqual([]);
  });

  it('the contract units module itself passes it', async () => {
    const [result] = await eslint.lintFiles([`${repoRoot}/${UNITS_FILE}`]);
    expect(result!.messages).toEqual([]);
  });
});
