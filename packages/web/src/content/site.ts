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
  coinsSection: { title: Text; subtitle: Text; tradeUnavailable: Text };
  featuresSection: { title: Text; subtitle: Text; items: Feature[] };
  /** Operator content: the defaults are illustrations, and say so; replace them only with real, consented quotes. */
  testimonialsSection: { title: Text; subtitle: Text; items: Testimonial[] };
  figuresSection: { title: Text; items: [Figure, Figure, Figure] };
  riskNotice: { title: Text; text: Text };
  about: {
    title: Text;
    intro: Text;
    paragraphs: Text[];
    /** Headings of the operator's facts (from Site settings; the section is left out while none is set). */
    operatorTitle: Text;
    faqTitle: Text;
    faq: FaqItem[];
  };
  contact: {
    title: Text;
    intro: Text;
  };
  privacy: { title: string; lastUpdated: string; intro: string; sections: TextSection[] };
  terms: { title: string; intro: string; sections: TextSection[] };
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
    tradeUnavailable: msg`Trading is not available on Vestora yet. You can follow prices on the Chart page of your dashboard.`,
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

  about: {
    title: msg`About Vestora`,
    intro: msg`Vestora is an online investment platform. We offer a small set of fixed-term investment plans, a simple way to fund your account by bank transfer, and a market overview of the largest cryptocurrencies.`,
    paragraphs: [
      msg`We built Vestora for people who want to see exactly where their money is. Your dashboard shows your available balance, the principal you have invested, each position’s payout schedule and a full history of the transactions on your account.`,
      msg`A plan pays a fixed yearly rate for its term. Vestora pays the interest on the plan’s schedule (monthly, quarterly, twice a year, yearly or at maturity) and returns the principal at maturity. Some plans allow early exit: the principal comes back at once, interest already paid stays, and interest accrued since the last payout is forfeited.`,
      msg`A bank transfer that carries your deposit reference is credited when our bank statement shows it, and cashout requests are reviewed by an administrator before they are paid.`,
    ],
    operatorTitle: msg`Who runs Vestora`,
    faqTitle: msg`Frequently asked questions`,
    faq: [
      {
        question: msg`What is Bitcoin?`,
        answer: msg`Bitcoin is a digital currency that runs on a public, decentralised network. Transactions are recorded in a shared ledger called the blockchain, kept by thousands of computers rather than by a bank or a government. Its price can rise and fall sharply.`,
      },
      {
        question: msg`Who developed it?`,
        answer: msg`Bitcoin was described in a 2008 white paper by a person or group using the name Satoshi Nakamoto, and the network started in January 2009. The identity behind the name has never been confirmed. Today its open-source software is maintained by developers around the world.`,
      },
      {
        question: msg`What is mining?`,
        answer: msg`Mining is how new Bitcoin transactions are confirmed and added to the blockchain. Miners run specialised computers that compete to solve a cryptographic puzzle; the winner adds the next block and receives newly created bitcoin plus the transaction fees. The work secures the network against tampering and uses a lot of electricity.`,
      },
      {
        question: msg`Can I deposit bitcoin?`,
        answer: msg`Only where this installation accepts it: then your Deposit page shows a Bitcoin address of your own. A payment to it shows as soon as the network sees it and is credited in US dollars, at the market price of that moment, once it has the number of confirmations the page states; while no recent price is available the payment waits. Very small payments are not credited. When your Deposit page shows no Bitcoin address, deposits are by bank transfer only.`,
      },
      {
        question: msg`What does Vestora charge?`,
        answer: msg`Nothing. Vestora takes no fee on deposits, cashouts or investments: what you invest is what works for you, and interest is paid on the full amount. Your own bank may charge for the transfer.`,
      },
      {
        question: msg`When do deposits and cashouts arrive?`,
        answer: msg`A deposit is credited when an administrator confirms your report, or when the bank statement that carries your deposit reference is imported and approved; a transfer with your reference needs no report. A cashout request is reviewed by an administrator before any money leaves (never by the administrator who asked for it); once approved, bank payouts go out in the next payment file sent to the bank. Every step shows in your balance history.`,
      },
      {
        question: msg`What happens when an investment matures?`,
        answer: msg`Interest is paid to your balance each period of the plan. At the end of the term the last interest and your principal are paid to your balance. When you invest you choose what happens at maturity: everything to your balance (the default), the principal renewed in the same plan, or the principal and the interest renewed; you can change that choice until the maturity date. A renewal is made only on terms that are not worse than before: otherwise the money stays in your balance and you are told why.`,
      },
      {
        question: msg`Can I leave a plan early?`,
        answer: msg`Only where the plan allows early exit (its card says so). Then your principal returns to your balance at once; interest already paid stays yours, and the interest accrued since the last payout is forfeited. In a plan without early exit, the money stays until the end of the term.`,
      },
      {
        question: msg`What about taxes?`,
        answer: msg`Vestora does not withhold tax and does not give tax advice: what you owe depends on where you live. Your Transactions page lists every change to your balance (deposits, interest, principal returned, cashouts) and exports it as a CSV file for you or your adviser.`,
      },
      {
        question: msg`What if Vestora fails?`,
        answer: msg`The interest on a plan is owed by Vestora itself: its books record every interest payment as paid by Vestora, not by another member, and no separate fund or guarantee stands behind it. Your money is only as safe as Vestora is. Your balance is not a bank deposit and is not covered by any deposit insurance or guarantee scheme. Invest only what you can afford to lose.`,
      },
    ],
  },

  contact: {
    title: msg`Contact us`,
    intro: msg`Questions about your account, a deposit or a cashout? Write to us: your message reaches the team’s inbox.`,
  },

  privacy: {
    title: 'Privacy notice',
    lastUpdated: '2 December 2026',
    intro: `This notice explains what personal information ${brandName} collects, why we collect it and the choices you have.`,
    sections: [
      {
        id: 'information-we-collect',
        title: 'Information we collect',
        paragraphs: [
          'When you create an account we collect your name, country, city, email address and a password, which we store only as a secure hash.',
          'When you use the platform we record your deposits, cashout requests, investments, interest payouts, early redemptions, referral rewards and the balance changes that result from them, together with basic technical data such as your IP address and browser type.',
        ],
      },
      {
        id: 'how-we-use-it',
        title: 'How we use your information',
        paragraphs: [
          'We use your information to run your account, process deposits, cashouts and investments, pay interest and principal on schedule, keep an accurate record of your balance, keep a record of who did what on your account, meet our legal obligations, prevent fraud and answer your questions.',
        ],
      },
      {
        id: 'cookies',
        title: 'Cookies',
        paragraphs: [
          'We use a session cookie to keep you signed in and a small value in your browser’s local storage to remember whether you were signed in. We do not use advertising cookies.',
        ],
      },
      {
        id: 'sharing',
        title: 'Sharing',
        paragraphs: [
          'We do not sell your personal information. We share it only with service providers who help us operate the platform, and with authorities when the law requires it.',
        ],
      },
      {
        id: 'retention-and-rights',
        title: 'Retention and your rights',
        paragraphs: [
          'We keep account and transaction records for as long as the law requires. You can download a copy of your information and close your account yourself, in Settings under Your data; closing erases your name, email address and other personal details, and keeps the transaction records the law requires without them. You may also ask us to correct your information through the Contact page.',
        ],
      },
    ],
  },

  terms: {
    title: 'Terms of use',
    intro: `By opening an account with ${brandName} you agree to these terms.`,
    sections: [
      {
        id: 'client-account',
        title: 'Client account',
        paragraphs: [
          'You must give accurate information when you open an account and keep it up to date.',
          'Keep your sign-in details confidential. You are responsible for activity on your account, and you must tell us immediately if you suspect unauthorised use.',
        ],
      },
      {
        id: 'funds-deposit-and-withdraw',
        title: 'Funds deposit and withdraw',
        paragraphs: [
          'A bank transfer that carries your deposit reference is credited to your balance when our bank statement shows it; where Bitcoin deposits are offered, a payment to your Bitcoin address is credited once the network has confirmed it as the Deposit page states. Cashout requests reserve the requested amount until they are reviewed; approved requests are paid to the details you provide.',
          'Check payment details carefully. Funds sent to the wrong details, or sent in breach of these deposit rules, may be lost and may not be refundable.',
        ],
      },
      {
        id: 'site-responsibilities',
        title: 'Site responsibilities',
        paragraphs: [
          'We keep a complete record of the transactions on your account, protect your information as described in our privacy notice and aim to keep the platform available, although we cannot promise uninterrupted service.',
        ],
      },
      {
        id: 'user-responsibilities',
        title: 'User responsibilities',
        paragraphs: [
          'You must follow the laws that apply to you, including anti-money-laundering and tax laws, and use the platform only with funds that are lawfully yours.',
        ],
      },
      {
        id: 'intellectual-property',
        title: 'Intellectual property',
        paragraphs: [
          `The ${brandName} name, logo, software and content belong to ${brandName} or its licensors. You may not copy or reuse them without our written permission.`,
        ],
      },
      {
        id: 'responsibility',
        title: 'Responsibility',
        paragraphs: [
          'A plan’s fixed rate and its schedule are Vestora’s commitment to you, and they are only as sound as Vestora itself: a plan is not a bank deposit and no deposit insurance covers it. To the extent the law allows, we are not responsible for losses caused by events outside our reasonable control.',
        ],
      },
      {
        id: 'termination',
        title: 'Termination',
        paragraphs: [
          'You may close your account at any time in Settings, under Your data, once your balance is zero and nothing is pending or invested. We may suspend or terminate an account in case of unauthorised access or a violation of these terms or our policies; any remaining balance is then handled as the law requires.',
        ],
      },
    ],
  },
};
