/**
 * #34 "Copy the product contradicts" and #27 "Words that stay true": each sentence the product once said and did not
 * do stays out of every catalog (web, contract, server: the English text, so no language keeps it either, since the
 * catalog checks make every language translate exactly the English ids), and what replaced it says what the code does.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { MessageDescriptor } from '@lingui/core';
import { formatter } from '@lingui/format-po';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { activateLocale, i18n } from './i18n';
import { formatDay } from './lib/format';
import { pages } from './content/pages';
import { site } from './content/site';

const PACKAGES = path.resolve(import.meta.dirname, '../..');
const po = formatter({ origins: false, lineNumbers: false });

type Entry = { message?: string; translation?: string };
async function englishOf(file: string, idsAreKeys: boolean): Promise<string[]> {
  const parsed = (await po.parse(fs.readFileSync(file, 'utf8'), {
    locale: 'en',
    sourceLocale: 'en',
    filename: file,
  })) as Record<string, Entry>;
  // The web's ids are the English text; the contract's and the server's are keys with the English as translation.
  return Object.entries(parsed).map(([id, e]) => (idsAreKeys ? (e.translation ?? '') : (e.message ?? id)));
}

const webCatalogs = () =>
  fs
    .readdirSync(path.join(PACKAGES, 'web/src/locales/en'))
    .filter((f) => f.endsWith('.po'))
    .map((f) => path.join(PACKAGES, 'web/src/locales/en', f));

let webTexts: string[] = [];
let allTexts: string[] = [];
/** The legal texts: English only (no catalog), so they are read from the module itself. */
const legal = [pages.privacy, pages.terms].flatMap((doc) => [
  doc.intro,
  ...doc.sections.flatMap((s) => [s.title, ...s.paragraphs]),
]);

beforeAll(async () => {
  webTexts = (await Promise.all(webCatalogs().map((f) => englishOf(f, false)))).flat();
  const contract = await englishOf(path.join(PACKAGES, 'contract/src/locales/en.po'), true);
  const server = await englishOf(path.join(PACKAGES, 'server/src/locales/en.po'), true);
  allTexts = [...webTexts, ...contract, ...server, ...legal];
  expect(webTexts.length).toBeGreaterThan(500);
  expect(contract.length).toBeGreaterThan(50);
  expect(server.length).toBeGreaterThan(50);
});
afterAll(() => activateLocale('en'));

/** Each claim that was untrue, as it read (and the ways it could come back). */
const UNTRUE: { finding: string; pattern: RegExp; scope?: 'web' }[] = [
  {
    finding:
      'deposits are credited by reference from the bank statement (or by the chain), not when "our team confirms"',
    pattern: /(our team|an admin)( has)? confirm(s|ed)? (the transfer|it)|after we have confirmed the transfer/i,
  },
  // #33: identity tiers exist now ("verify your identity" is true); what must stay out is the old claim that money
  // leaves without one.
  {
    finding: 'money leaves only after an identity check (#33): no "no KYC" or "without verification" claim',
    pattern: /\bno KYC\b|without (identity )?verification|no identity (check|verification)/i,
  },
  { finding: 'no anti-money-laundering check is made by the product', pattern: /anti-money-laundering checks/i },
  {
    finding: 'Settings gives a copy of your data and closes the account (no letter needed)',
    pattern: /ask for a copy of your information|close your account at any time by contacting us/i,
  },
  { finding: 'renewal at maturity exists', pattern: /nothing is reinvested for you/i },
  { finding: 'the books show interest as paid by Vestora, not "from its own funds"', pattern: /from its own funds/i },
  {
    finding: 'an adjustment is made by an admin in User Management; no second admin approves it',
    pattern: /another admin approves it/i,
  },
  {
    finding: 'the referral reward is paid after the first payout period, not when the first investment is made',
    pattern: /makes their first investment, Vestora pays/i,
  },
  { finding: 'a contact reply holds the admin’s words only', pattern: /message is quoted/i },
  { finding: 'no "almost done" for a confirmation that may not arrive', pattern: /^Almost done$/ },
  { finding: 'nothing sends "News and offers"', pattern: /^News and offers$/, scope: 'web' },
  {
    finding: 'the checklist tells no member to report a transfer into a closed account',
    pattern: /Send a bank transfer and report it/i,
  },
];

describe('copy the product contradicts stays out', () => {
  test.each(UNTRUE)('$finding', ({ pattern, scope }) => {
    const texts = scope === 'web' ? webTexts : allTexts;
    expect(texts.filter((text) => pattern.test(text))).toEqual([]);
  });
});

describe('the replacing words say what the code does', () => {
  const english = (d: MessageDescriptor) => i18n._(d);

  test('About and the home page: deposits by reference from the statement', () => {
    expect(english(pages.about.paragraphs[2]!)).toMatch(
      /deposit reference is credited when our bank statement shows it/,
    );
    const deposits = site.featuresSection.items.find((f) => f.icon === 'deposit')!;
    expect(english(deposits.text)).toMatch(/credited when our bank statement shows it/);
  });

  test('the FAQ answers Bitcoin deposits, and renewal at maturity', () => {
    const faq = pages.about.faq.map((f) => ({ q: english(f.question), a: english(f.answer) }));
    const bitcoin = faq.find((f) => /deposit bitcoin/i.test(f.q));
    // #30: credited as BTC, not converted.
    expect(bitcoin?.a).toMatch(/credited as bitcoin.*not converted to dollars.*confirmations/);
    expect(faq.find((f) => /matures/.test(f.q))?.a).toMatch(/renewed/);
  });

  test('the home page and the Referral page state the rule the code applies (after the first payout period)', () => {
    const referral = site.featuresSection.items.find((f) => f.icon === 'referral')!;
    expect(english(referral.text)).toMatch(/completed the first payout period of their first investment/);
    // The Referral page's own sentence (features/referral) says the same rule.
    expect(webTexts.filter((text) => /first investment has completed its first payout period/.test(text))).not.toEqual(
      [],
    );
  });

  test('Privacy and Terms send members to Settings for their data and closing the account', () => {
    expect(
      legal.some((p) => /download a copy of your information and close your account yourself, in Settings/.test(p)),
    ).toBe(true);
    expect(legal.some((p) => /close your account at any time in Settings/.test(p))).toBe(true);
  });

  test('figures follow plural rules, and a launch day reads as a date of the reader’s language', async () => {
    const accounts = site.figuresSection.items.find((f) => f.stat === 'accounts')!;
    expect(english(accounts.label(1))).toBe('Account opened');
    expect(english(accounts.label(2))).toBe('Accounts opened');
    expect(formatDay('2026-12-31')).toBe('December 31, 2026');
    await activateLocale('de');
    expect(i18n._(accounts.label(1))).toBe('Konto eröffnet');
    expect(formatDay('2026-12-31')).toBe('31. Dezember 2026');
    await activateLocale('ar');
    expect(formatDay('2026-12-31')).not.toMatch(/2026-12-31/);
    await activateLocale('en');
  });
});
