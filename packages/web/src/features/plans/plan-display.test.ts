import { deriveLegacyText, type TPlanTerms } from '@vestora/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale } from '../../i18n';
import { backAtMaximum, planRows, termWords } from './plan-display';

const silverTerms: TPlanTerms = {
  annualRateBps: 700,
  minAmountCents: 1_000_00,
  maxAmountCents: 4_999_00,
  termMonths: 24,
  payoutFrequency: 'monthly',
  riskLevel: 'low',
  earlyExitAllowed: true,
  capacityCents: null,
};
const silver = {
  ...deriveLegacyText(silverTerms),
  riskLevel: 'low' as const,
  annualRateBps: 700,
  minAmount: 1_000,
  maxAmount: 4_999,
  termMonths: 24,
  payoutFrequency: 'monthly' as const,
  earlyExitAllowed: true,
  capacity: null,
  remainingCapacity: null,
  investmentPlanDescription: 'Two years, paid monthly.',
};
const value = (rows: ReturnType<typeof planRows>, label: string) => rows.find((r) => r.label === label)?.value;

describe('plan card rows', () => {
  it('say what each figure is, and the amount back at maturity is exact, never rounded up', () => {
    const rows = planRows(silver);
    expect(value(rows, 'At maturity')).toBe('On $4,999: $5,698.86 back');
    expect(backAtMaximum(silver)).toEqual({ amount: 4_999, back: 5_698.86 });
    expect(value(rows, 'Interest rate')).toBe('7% a year');
    expect(value(rows, 'Amount per investment')).toBe('$1,000 - $4,999');
    expect(value(rows, 'Interest paid')).toBe('Monthly');
    expect(value(rows, 'Term')).toBe('2 years');
    expect(value(rows, 'Interest over the term')).toBe('14% of the amount');
    expect(rows.map((r) => r.label)).not.toContain('Returns');
    expect(rows.map((r) => r.label)).not.toContain('Total return');
    expect(rows.some((r) => r.value.includes('$5,699'))).toBe(false);
  });

  it('show the early-exit rule and the capacity left', () => {
    expect(value(planRows(silver), 'Early exit')).toMatch(/^Allowed/);
    expect(value(planRows({ ...silver, earlyExitAllowed: false }), 'Early exit')).toMatch(/^Not allowed/);
    expect(value(planRows(silver), 'Capacity left')).toBeUndefined();
    expect(value(planRows({ ...silver, capacity: 2_000_000, remainingCapacity: 1_995_000.5 }), 'Capacity left')).toBe(
      '$1,995,000.50 of $2,000,000',
    );
  });

  it('show the risk level from the scale, or the old text of a plan still waiting for an admin to choose', () => {
    const risk = planRows(silver).find((r) => r.label === 'Risk level');
    expect(risk).toMatchObject({ value: 'Low', risk: { level: 'low' } });
    const waiting = planRows({ ...silver, riskLevel: null, riskLevelUnmapped: 'Low to medium' });
    expect(waiting.find((r) => r.label === 'Risk level')).toMatchObject({
      value: 'Low to medium',
      risk: { level: null },
    });
    // A member gets no old text from the server (#34): the card says so in words, never the English text.
    const member = planRows({ ...silver, riskLevel: null, riskLevelUnmapped: null });
    expect(member.find((r) => r.label === 'Risk level')).toMatchObject({
      value: 'Not yet graded',
      risk: { level: null },
    });
  });

  it('name terms in months or years', () => {
    expect(termWords(12)).toBe('1 year');
    expect(termWords(60)).toBe('5 years');
    expect(termWords(6)).toBe('6 months');
    expect(termWords(18)).toBe('18 months');
  });
});

describe('plan card rows in another language', () => {
  afterEach(() => activateLocale('en'));

  it('are translated and formatted in the reader’s locale (German)', async () => {
    await activateLocale('de');
    const rows = planRows(silver).map((r) => ({ ...r, value: r.value.replace(/\u00a0/g, ' ') }));
    expect(value(rows, 'Zinssatz')).toBe('7 % pro Jahr');
    expect(value(rows, 'Betrag pro Anlage')).toBe('1.000 $ - 4.999 $');
    expect(value(rows, 'Zinsauszahlung')).toBe('Monatlich');
    expect(value(rows, 'Laufzeit')).toBe('2 Jahre');
    expect(value(rows, 'Bei Fälligkeit')).toBe('Bei 4.999 $: 5.698,86 $ zurück');
    expect(value(rows, 'Risikostufe')).toBe('Niedrig');
    expect(value(planRows({ ...silver, riskLevel: 'very_high' }), 'Risikostufe')).toBe('Sehr hoch');
    expect(value(planRows({ ...silver, riskLevel: null, riskLevelUnmapped: null }), 'Risikostufe')).toBe(
      'Noch nicht eingestuft',
    );
  });

  it('name every risk level in every language (none left in English)', async () => {
    const levels = ['very_low', 'low', 'medium', 'high', 'very_high'] as const;
    const labels = (locale: 'en' | 'de' | 'es' | 'pt-BR' | 'ar') =>
      activateLocale(locale).then(() =>
        levels.map((level) => planRows({ ...silver, riskLevel: level }).find((r) => r.risk)?.value),
      );
    const english = await labels('en');
    expect(english).toEqual(['Very low', 'Low', 'Medium', 'High', 'Very high']);
    for (const locale of ['de', 'es', 'pt-BR', 'ar'] as const) {
      const shown = await labels(locale);
      shown.forEach((label, i) => expect(label, `${locale} ${levels[i]}`).not.toBe(english[i]));
      expect(new Set(shown).size, locale).toBe(5);
    }
  });

  it('use the language’s plural forms (Arabic)', async () => {
    await activateLocale('ar');
    expect(termWords(12)).toBe('سنة واحدة');
    expect(termWords(24)).toBe('سنتان');
  });
});
