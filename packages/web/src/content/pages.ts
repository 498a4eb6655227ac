import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { site, type FaqItem, type TextSection } from './site';

type Text = MessageDescriptor;
const brandName = site.brand.name;

/**
 * The copy of the About, Contact and Privacy pages (the rules of src/content/site.ts apply): a module apart, so the
 * home page does not download it.
 */
export interface PageContent {
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

export const pages: PageContent = {
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
        answer: msg`Only where this installation accepts it: then your Deposit page shows a Bitcoin address of your own. A payment to it shows as soon as the network sees it and is credited as bitcoin, exactly the BTC received and not converted to dollars, once it has the number of confirmations the page states; it shows in your portfolio, and converting it to dollars is a trade you choose. Very small payments are not credited. When your Deposit page shows no Bitcoin address, deposits are by bank transfer only.`,
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
