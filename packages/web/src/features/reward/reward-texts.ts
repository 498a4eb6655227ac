import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { TReward } from '@vestora/contract';
import { formatDay, formatMoney } from '../../lib/format';

const NAME: Record<TReward['key'], ReturnType<typeof msg>> = {
  early_adopter: msg`Early Adopter`,
  high_roller: msg`High Roller`,
  diverse_portfolio: msg`Diverse Portfolio`,
};

const WHAT = {
  'confirmed deposit': msg`confirmed deposit`,
  'paid withdrawal': msg`paid withdrawal`,
  investment: msg`investment`,
  trade: msg`trade`,
} as const;

/** `$12,345.67` in the server's English sentence, shown in the reader's format. */
const money = (text: string | undefined) => formatMoney(Number((text ?? '').replace(/[$,]/g, '')));

/**
 * The badge's description and detail in the reader's language. The server words them in English with the dates and
 * amounts inside (the contract carries no parameters), so the values are read back from its sentences; anything not
 * recognised is shown as the server wrote it.
 */
export function rewardTexts(reward: TReward, i18n: I18n): { name: string; description: string; detail: string } {
  const name = i18n._(NAME[reward.key]);
  const dates = reward.detail.match(/\d{4}-\d{2}-\d{2}/g) ?? [];
  const amounts = reward.detail.match(/\$[\d,]+\.\d{2}/g) ?? [];
  if (reward.key === 'early_adopter') {
    const launchDay = reward.description.match(/\d{4}-\d{2}-\d{2}/)?.[0];
    // Days in the reader's format (Intl), never the server's ISO form.
    const launch = launchDay ? formatDay(launchDay) : undefined;
    const description = launch
      ? i18n._(msg`Opened an account by the launch date (${launch})`)
      : i18n._(msg`Opened an account by the launch date`);
    if (!launch) {
      const detail = i18n._(
        msg`Locked: Vestora has not announced its launch date yet, so nobody has earned this badge so far.`,
      );
      return { name, description, detail };
    }
    const openedOn = formatDay(dates.find((d) => d !== launchDay) ?? launchDay);
    const detail = reward.earned
      ? i18n._(msg`Earned: your account was opened on ${openedOn}, on or before the launch date (${launch}).`)
      : i18n._(msg`Locked: this badge is for accounts opened on or before ${launch}; yours was opened on ${openedOn}.`);
    return { name, description, detail };
  }
  if (reward.key === 'high_roller') {
    const threshold = formatMoney(10_000);
    const limit = threshold.replace(/[.,]00(?=\D*$)/, '');
    const description = i18n._(msg`Single transaction over ${limit}`);
    const kind = Object.keys(WHAT).find((w) => reward.detail.includes(`largest ${w} was`)) as
      | keyof typeof WHAT
      | undefined;
    if (reward.earned && kind && amounts[0]) {
      const which = i18n._(WHAT[kind]);
      const biggest = money(amounts[0]);
      return {
        name,
        description,
        detail: i18n._(msg`Earned: your largest ${which} was ${biggest}, over ${threshold}.`),
      };
    }
    if (!reward.earned && amounts.length > 1) {
      const biggest = money(amounts[1]);
      const detail = i18n._(
        msg`Locked: you need one confirmed deposit, paid withdrawal, investment or trade over ${threshold}; your largest so far is ${biggest}.`,
      );
      return { name, description, detail };
    }
    if (!reward.earned) {
      const detail = i18n._(
        msg`Locked: you need one confirmed deposit, paid withdrawal, investment or trade over ${threshold}.`,
      );
      return { name, description, detail };
    }
    return { name, description, detail: reward.detail };
  }
  // Diverse Portfolio (#30): "… each worth at least $10.00", and how many coins count now.
  const floor = money(reward.description.match(/\$[\d,]+\.\d{2}/)?.[0] ?? '$10.00');
  const count = Number(reward.detail.match(/you hold (\d+) cryptocurrencies/)?.[1] ?? '0');
  return {
    name,
    description: i18n._(msg`Hold more than 5 cryptocurrencies, each worth at least ${floor}`),
    detail: reward.earned
      ? i18n._(msg`Earned: you hold ${count} cryptocurrencies each worth at least ${floor}.`)
      : i18n._(
          msg`Locked: you hold ${count} cryptocurrencies each worth at least ${floor}; more than 5 earn this badge.`,
        ),
  };
}
