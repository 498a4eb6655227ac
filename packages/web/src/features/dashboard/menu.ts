import type { ComponentType } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  LuArrowUpFromLine,
  LuAward,
  LuChartLine,
  LuLandmark,
  LuLayers,
  LuReceipt,
  LuSettings,
  LuShare2,
  LuBriefcase,
  LuUserCog,
  LuGauge,
  LuMail,
  LuInbox,
  LuBuilding2,
  LuArrowLeftRight,
  LuChartPie,
  LuCoins,
  LuRepeat,
  LuShieldCheck,
  LuIdCard,
} from 'react-icons/lu';
import type { TAccountType } from '@vestora/contract';

export interface MenuItem {
  /** The entry's name (rendered with `i18n._(item.label)`). */
  label: MessageDescriptor;
  to: string;
  icon: ComponentType;
  /** Extra paths that also highlight this entry (the dashboard index shows Investments). */
  alsoActiveOn?: string[];
  /** What waits behind the entry, counted by the server (admins): shown as a badge. */
  badge?: 'desk' | 'inbox';
}

const rewards: MenuItem = { label: msg`Rewards`, to: '/dashboard/rewards', icon: LuAward };
const investments: MenuItem = {
  label: msg`Investments`,
  to: '/dashboard/investments',
  icon: LuLayers,
  alsoActiveOn: ['/dashboard', '/dashboard/createinvestmentplan', '/dashboard/createinvestmentedit'],
};
const trade: MenuItem = { label: msg`Trade`, to: '/dashboard/trade', icon: LuArrowLeftRight };
const portfolio: MenuItem = { label: msg`Portfolio`, to: '/dashboard/portfolio', icon: LuChartPie };
const orders: MenuItem = { label: msg`Orders`, to: '/dashboard/orders', icon: LuRepeat };
const coins: MenuItem = { label: msg`Coins`, to: '/dashboard/coins', icon: LuCoins };
const chart: MenuItem = { label: msg`Chart`, to: '/dashboard/chart', icon: LuChartLine };
const users: MenuItem = { label: msg`User`, to: '/dashboard/user', icon: LuUserCog };
const deposit: MenuItem = { label: msg`Deposit`, to: '/dashboard/deposit', icon: LuLandmark };
const cashout: MenuItem = { label: msg`Cashout`, to: '/dashboard/cashout', icon: LuArrowUpFromLine };
const settings: MenuItem = { label: msg`Settings`, to: '/dashboard/settings', icon: LuSettings };
const transactions: MenuItem = { label: msg`Transactions`, to: '/dashboard/transactions', icon: LuReceipt };
const referral: MenuItem = { label: msg`Referral`, to: '/dashboard/referral', icon: LuShare2 };
const overview: MenuItem = { label: msg`Overview`, to: '/dashboard/overview', icon: LuGauge };
const moneyDesk: MenuItem = { label: msg`Money desk`, to: '/dashboard/money-desk', icon: LuBriefcase, badge: 'desk' };
const outbox: MenuItem = { label: msg`Outbox`, to: '/dashboard/outbox', icon: LuMail };
const inbox: MenuItem = { label: msg`Inbox`, to: '/dashboard/inbox', icon: LuInbox, badge: 'inbox' };
const statements: MenuItem = { label: msg`Bank statements`, to: '/dashboard/statements', icon: LuReceipt };
const verification: MenuItem = { label: msg`Verification`, to: '/dashboard/verification', icon: LuShieldCheck };
const identityReviews: MenuItem = { label: msg`Identity reviews`, to: '/dashboard/identity-reviews', icon: LuIdCard };
const siteSettings: MenuItem = { label: msg`Site settings`, to: '/dashboard/site-settings', icon: LuBuilding2 };

/**
 * The sidebar menu: users get Rewards, Investments, Chart, Deposit, Cashout,
 * Settings; admins also User, between Chart and Deposit. Transactions and Referral are added so
 * those pages can be found; the Money desk is the admin's review queue. Admins start with the
 * Overview (the morning figures). The Outbox shows every email the platform wrote. Site settings holds the
 * operator's facts the public pages state. Trade and Portfolio follow Chart (#30), and for members
 * Orders (#31: recurring buys, price alerts; admins reach it from the trade ticket, keeping their longer menu on an
 * 800 px screen); admins set the coins' terms and
 * fund the treasury under Coins. Members reach Verification & limits after Cashout (#33: their tier decides what
 * may leave); admins review identity applications under Identity reviews, after the Money desk.
 */
export function menuFor(accountType: TAccountType): MenuItem[] {
  const base = [rewards, investments, chart, trade, portfolio];
  const rest = [deposit, cashout, settings, transactions, referral];
  return accountType === 'admin'
    ? [overview, ...base, users, ...rest, moneyDesk, identityReviews, statements, coins, inbox, outbox, siteSettings]
    : [...base, orders, deposit, cashout, verification, settings, transactions, referral];
}

/** Whether a menu entry is the current page (case-insensitive, like the router). */
export function isMenuItemActive(item: MenuItem, pathname: string): boolean {
  const path = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  const candidates = [item.to.toLowerCase(), ...(item.alsoActiveOn ?? [])];
  return candidates.some((c) => (c === '/dashboard' ? path === c : path === c || path.startsWith(`${c}/`)));
}
