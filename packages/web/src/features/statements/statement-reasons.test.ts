import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { activateLocale, loadAppTexts } from '../../i18n';
import { statementReason } from './statement-reasons';

const STATEMENT = path.resolve(import.meta.dirname, '../../../../server/src/modules/bank-statement');

/**
 * Every reason the server writes on a statement line, read from its source: the matcher's `exception(...)` texts,
 * a doubt's `reason:`, and the approval's `return '...'` outcomes; `${...}` filled with a sample value.
 */
function serverReasons(): string[] {
  const files = fs.readdirSync(STATEMENT).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  const out = new Set<string>();
  const sample = (expr: string) => {
    if (/status/.test(expr)) return 'paid';
    if (/currency/i.test(expr)) return /account/i.test(expr) ? 'EUR' : 'USD';
    if (/centsText/.test(expr)) return '$1,234.50';
    if (/refs/.test(expr)) return 'RF18539007547034, RF71254';
    return '6f1c2a3b-0000-4000-8000-000000000000';
  };
  for (const f of files) {
    const src = fs.readFileSync(path.join(STATEMENT, f), 'utf8');
    const literal = String.raw`('[A-Z][^'\n]*'|\x60[A-Z][^\x60]*\x60)`;
    const patterns = [
      new RegExp(String.raw`exception\(\s*` + literal, 'g'),
      new RegExp(String.raw`return ` + literal + ';', 'g'),
      new RegExp(String.raw`reason:\s*\n?\s*` + literal + String.raw`\s*\+\s*\n?\s*` + literal, 'g'),
    ];
    for (const re of patterns) {
      for (const m of src.matchAll(re)) {
        const text = m
          .slice(1)
          .filter(Boolean)
          .map((s) => s.slice(1, -1))
          .join('')
          .replace(/\$\{([^}]*\([^)]*\)[^}]*|[^}]*)\}/g, (_, expr: string) => sample(expr));
        if (/^(RF|Statement line)/.test(text)) continue;
        out.add(text);
      }
    }
  }
  return [...out];
}

describe('statement line reasons (#34: no English reason on a German or Arabic money desk)', () => {
  afterAll(() => activateLocale('en'));

  it('reads back every reason the server writes, in English as written', () => {
    const reasons = serverReasons();
    expect(reasons.length).toBeGreaterThanOrEqual(15);
    for (const r of reasons) expect(statementReason(r), r).toBe(r);
    expect(statementReason('Set aside: refunded by phone')).toBe('Set aside: refunded by phone');
  });

  it('and translates each of them', async () => {
    await loadAppTexts();
    for (const locale of ['de', 'ar'] as const) {
      await activateLocale(locale);
      for (const r of serverReasons()) expect(statementReason(r), `${locale}: ${r}`).not.toBe(r);
    }
    await activateLocale('de');
    expect(statementReason('No reference.')).toBe('Kein Verwendungszweck.');
    // What an admin typed stays as typed.
    expect(statementReason('Set aside: refunded by phone')).toBe('Set aside: refunded by phone');
  });
});
