import { describe, expect, it } from 'vitest';
import type { TReward } from '@vestora/contract';
import { activateLocale, i18n, loadAppTexts } from '../../i18n';
import { rewardTexts } from './reward-texts';

// The server's own sentences (packages/server/src/modules/reward/reward.service.ts).
const early = (detail: string, description = 'Opened an account by the launch date (2025-03-01)'): TReward => ({
  key: 'early_adopter',
  name: 'Early Adopter',
  description,
  earned: detail.startsWith('Earned'),
  detail,
});
const roller = (detail: string): TReward => ({
  key: 'high_roller',
  name: 'High Roller',
  description: 'Single transaction over $10,000',
  earned: detail.startsWith('Earned'),
  detail,
});

const SERVER: TReward[] = [
  early('Earned: your account was opened on 2025-02-10, on or before the launch date (2025-03-01).'),
  early('Locked: this badge is for accounts opened on or before 2025-03-01; yours was opened on 2025-04-02.'),
  early(
    'Locked: Vestora has not announced its launch date yet, so nobody has earned this badge so far.',
    'Opened an account by the launch date',
  ),
  roller('Earned: your largest paid withdrawal was $12,345.67, over $10,000.00.'),
  roller(
    'Locked: you need one confirmed deposit, paid withdrawal, investment or trade over $10,000.00; your largest so far is $950.00.',
  ),
  roller('Locked: you need one confirmed deposit, paid withdrawal, investment or trade over $10,000.00.'),
  {
    key: 'diverse_portfolio',
    name: 'Diverse Portfolio',
    description: 'Hold more than 5 cryptocurrencies, each worth at least $10.00',
    earned: false,
    detail: 'Locked: you hold 3 cryptocurrencies each worth at least $10.00; more than 5 earn this badge.',
  },
  {
    key: 'diverse_portfolio',
    name: 'Diverse Portfolio',
    description: 'Hold more than 5 cryptocurrencies, each worth at least $10.00',
    earned: true,
    detail: 'Earned: you hold 6 cryptocurrencies each worth at least $10.00.',
  },
];

describe('rewardTexts', () => {
  it('reads in English as the server wrote it, with its days in the reader’s format', async () => {
    await activateLocale('en');
    const DAYS: Record<string, string> = {
      '2025-02-10': 'February 10, 2025',
      '2025-03-01': 'March 1, 2025',
      '2025-04-02': 'April 2, 2025',
    };
    const days = (text: string) => text.replace(/\d{4}-\d{2}-\d{2}/g, (d) => DAYS[d]!);
    for (const reward of SERVER) {
      expect(rewardTexts(reward, i18n)).toEqual({
        name: reward.name,
        description: days(reward.description),
        detail: days(reward.detail),
      });
    }
  });

  it('reads in German with the same dates and amounts, in the German format', async () => {
    // The rewards screen is the app's: its texts load with the dashboard.
    await loadAppTexts();
    await activateLocale('de');
    try {
      expect(rewardTexts(SERVER[0]!, i18n).detail).toBe(
        'Erhalten: Ihr Konto wurde am 10. Februar 2025 eröffnet, am oder vor dem Starttermin (1. März 2025).',
      );
      const { description, detail } = rewardTexts(SERVER[3]!, i18n);
      expect(description).toMatch(/^Einzelne Transaktion über 10\.000\s\$$/);
      expect(detail).toMatch(
        /^Erhalten: Ihre größte ausgezahlte Auszahlung betrug 12\.345,67\s\$, mehr als 10\.000,00\s\$\.$/,
      );
    } finally {
      await activateLocale('en');
    }
  });
});
