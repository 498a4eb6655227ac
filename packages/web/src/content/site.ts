import { msg, plural } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/**
 * All marketing copy, the brand and the contact details in one typed module. Screens read from
 * here; change the words here, not in the components. The copy describes what the product does:
 * a plan's fixed rate is Vestora's own commitment and only as sound as Vestora, figures are counted
 * from the data, and no page promises a check (identity, anti-money-laundering) the product does not make.
 *
 * Texts are Lingui message descriptors (`msg`): render them with `i18n._(text)` (or `t(text)`) so they follow the
 * reader's language. The privacy notice and terms of use stay in English (legal text; the page says so).
 */

type Text = MessageDescriptor;

export interface NavItem {
  label: Text;
  to: string;
}

export interface Highlight {
  title: Text;
  text: Text;
}

/** Icon names the pages map to icon components (keeps this module free of UI code). */
export type FeatureIcon =
  | 'plans'
  | 'market'
  | 'ledger'
  | 'deposit'
  | 'withdraw'
  | 'security'
  | 'referral'
  | 'rewards'
  | 'support';

export interface Feature {
  icon: FeatureIcon;
  title: Text;
  text: Text;
}

export interface Testimonial {
  name: Text;
  location: Text;
  quote: Text;
}

/** A home-page figure: which number from `overview.home` it shows, and its label for that number (plural rules). */
export interface Figure {
  stat: 'accounts' | 'activeInvestors' | 'amountInvested' | 'coinsTracked';
  label: (count: number) => Text;
}

export interface FaqItem {
  question: Text;
  answer: Text;
}

export interface TextSection {
  id: string;
  title: string;
  paragraphs: string[];
}

export interface SiteContent {
  brand: { name: string; tagline: Text };
  nav: NavItem[];
  footer: { blurb: Text; links: NavItem[] };
  newsletter: { title: Text; text: Text };
  hero: {
    eyebrow: Text;
    title: Text;
    subtitle: Text;
    primaryCta: Text;
    secondaryCta: Text;
  };
  highlights: [Highlight, Highlight, Highlight];
  plansSection: { title: Text; subtitle: Text };
  coinsSection: { title: Text; subtitle: Text };
  featuresSection: { title: Text; subtitle: Text; items: Feature[] };
  /** Operator content: the defaults are illustrations, and say so; replace them only with real, consented quotes. */
  testimonialsSection: { title: Text; subtitle: Text; items: Testimonial[] };
  figuresSection: { title: Text; items: [Figure, Figure, Figure] };
  riskNotice: { title: Text; text: Text };
}

const brandName = 'Vestora';

export const site: SiteContent = {
  brand: {
    name: brandName,
    tagline: msg`Investment plans and market insight in one account`,
  },

  nav: [
    { label: msg`Home`, to: '/' },
    { label: msg`About`, to: '/about' },
    { label: msg`Dashboard`, to: '/dashboard' },
    { label: msg`Contact`, to: '/contact' },
    { label: msg`Privacy`, to: '/privacy' },
  ],

  footer: {
    blurb: msg`Fixed investment plans, bank deposits, cashouts and a crypto market overview in one account, with every balance change on record.`,
    links: [
      { label: msg`Home`, to: '/' },
      { label: msg`About Us`, to: '/about' },
      { label: msg`Contact`, to: '/contact' },
      { label: msg`Reserves`, to: '/reserves' },
    ],
  },

  newsletter: {
    title: msg`Newsletter`,
    text: msg`Product news and market notes, about once a month.`,
  },

  hero: {
    eyebrow: msg`Investing, with the terms up front`,
    title: msg`Invest with a clear view of your money`,
    subtitle: msg`Vestora offers fixed-term investment plans: a fixed yearly rate, interest paid by Vestora on a set schedule, and your principal back at maturity (or earlier, where a plan allows early exit). Deposits, cashouts and every interest payment are recorded on your balance.`,
    primaryCta: msg`Start Investing Now`,
    secondaryCta: msg`Login to continue`,
  },

  highlights: [
    {
      title: msg`Plans with the terms up front`,
      text: msg`Rate, term, payout schedule, early-exit rule and risk level are shown on every plan, and you see each payout date and amount before you confirm.`,
    },
    {
      title: msg`Every dollar on the ledger`,
      text: msg`Deposits, withdrawals, investments, interest payouts and adjustments are recorded, so you can always see how your balance was reached.`,
    },
    {
      title: msg`The market at a glance`,
      text: msg`Follow prices, trading volume and 24-hour moves of the largest cryptocurrencies.`,
    },
  ],

  plansSection: {
    title: msg`Investment plans`,
    subtitle: msg`Each plan pays a fixed rate for its whole term, paid by Vestora on the plan’s schedule, and returns your principal at maturity. The rate does not protect you against Vestora itself failing, and it has nothing to do with crypto prices.`,
  },

  coinsSection: {
    title: msg`Top cryptocurrencies`,
    subtitle: msg`Prices, volume and market capitalisation of the largest coins, in US dollars.`,
  },

  featuresSection: {
    title: msg`What you get with Vestora`,
    subtitle: msg`The tools you need to follow your money, and nothing you have to take on trust.`,
    items: [
      {
        icon: 'plans',
        title: msg`Clear investment plans`,
        text: msg`Each plan lists its fixed rate, limits, term, payout schedule and early-exit rule; your positions show every payout made and to come.`,
      },
      {
        icon: 'market',
        title: msg`Market overview`,
        text: msg`A table and price chart of the top cryptocurrencies by market capitalisation.`,
      },
      {
        icon: 'ledger',
        title: msg`A ledger you can read`,
        text: msg`Every credit and debit on your account, including each interest payout, appears in your transaction history.`,
      },
      {
        icon: 'deposit',
        title: msg`Deposits by reference`,
        text: msg`Send a bank transfer with your personal deposit reference: it is credited when our bank statement shows it, with no form to fill in.`,
      },
      {
        icon: 'withdraw',
        title: msg`Reviewed cashouts`,
        text: msg`A cashout request reserves the funds until it is reviewed, and you can cancel it while it is pending.`,
      },
      {
        icon: 'security',
        title: msg`Careful with your account`,
        text: msg`Passwords are stored as strong hashes, sessions use secure cookies and sign-in attempts are rate limited.`,
      },
      {
        icon: 'referral',
        title: msg`Referral program`,
        // The terms themselves ("1%, at most $100") are the server's settings: HomePage appends them.
        text: msg`Share your personal link. When a friend you invited has completed the first payout period of their first investment (or it has matured), Vestora pays you a share of that investment; nothing if they redeem it before.`,
      },
      {
        icon: 'rewards',
        title: msg`Rewards`,
        text: msg`Badges mark milestones such as joining early or building a diverse portfolio.`,
      },
      {
        icon: 'support',
        title: msg`A way to reach us`,
        text: msg`Questions about your account reach the team’s inbox through the contact form.`,
      },
    ],
  },

  testimonialsSection: {
    title: msg`How people use Vestora`,
    subtitle: msg`Illustrative examples of what the product does. They are not quotes from real clients.`,
    items: [
      {
        name: msg`Example: a careful saver`,
        location: msg`Illustration`,
        quote: msg`Before confirming, I can see every payout date and amount, the maturity date and whether I can leave early.`,
      },
      {
        name: msg`Example: a monthly planner`,
        location: msg`Illustration`,
        quote: msg`Each interest payout appears in the transaction history, next to my deposits and cashouts.`,
      },
      {
        name: msg`Example: a first-time investor`,
        location: msg`Illustration`,
        quote: msg`The position page shows how many payouts have been made and what is still to come.`,
      },
      {
        name: msg`Example: a market watcher`,
        location: msg`Illustration`,
        quote: msg`I follow crypto prices on the Chart page; my plans pay their fixed rate whatever those prices do.`,
      },
    ],
  },

  figuresSection: {
    title: msg`Vestora in numbers`,
    // Counted from the data (`overview.home`): a new installation shows zeros, which is the truth.
    items: [
      {
        stat: 'accounts',
        label: (count) => msg({ message: plural(count, { one: 'Account opened', other: 'Accounts opened' }) }),
      },
      {
        stat: 'activeInvestors',
        label: (count) => msg({ message: plural(count, { one: 'Active investor', other: 'Active investors' }) }),
      },
      { stat: 'amountInvested', label: () => msg`Invested in plans` },
    ],
  },

  riskNotice: {
    title: msg`Risk notice`,
    text: msg`A plan’s rate is fixed for its term and the interest is paid by Vestora, so your interest and your principal depend on Vestora meeting its obligations: if it failed, you could lose money. Your money is committed until maturity unless the plan allows early exit. Cryptocurrency prices shown on this site have nothing to do with the plans. Only invest money you can set aside for the whole term, and ask an independent adviser if you are unsure.`,
  },
};
