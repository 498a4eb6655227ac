import type { ComponentType } from 'react';
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
} from 'react-icons/lu';
import type { TAccountType } from '@vestora/contract';

export interface MenuItem {
  label: string;
  to: string;
  icon: ComponentType;
  /** Extra paths that also highlight this entry (the dashboard index shows Investments). */
  alsoActiveOn?: string[];
  /** What waits behind the entry, counted by the server (admins): shown as a badge. */
  badge?: 'desk' | 'inbox';
}

const rewards: MenuItem = { label: 'Rewards', to: '/dashboard/rewards', icon: LuAward };
const investments: MenuItem = {
  label: 'Investments',
  to: '/dashboard/investments',
  icon: LuLayers,
  alsoActiveOn: ['/dashboard', '/dashboard/createinvestmentplan', '/dashboard/createinvestmentedit'],
};
const chart: MenuItem = { label: 'Chart', to: '/dashboard/chart', icon: LuChartLine };
const users: MenuItem = { label: 'User', to: '/dashboard/user', icon: LuUserCog };
const deposit: MenuItem = { label: 'Deposit', to: '/dashboard/deposit', icon: LuLandmark };
const cashout: MenuItem = { label: 'Cashout', to: '/dashboard/cashout', icon: LuArrowUpFromLine };
const settings: MenuItem = { label: 'Settings', to: '/dashboard/settings', icon: LuSettings };
const transactions: MenuItem = { label: 'Transactions', to: '/dashboard/transactions', icon: LuReceipt };
const referral: MenuItem = { label: 'Referral', to: '/dashboard/referral', icon: LuShare2 };
const overview: MenuItem = { label: 'Overview', to: '/dashboard/overview', icon: LuGauge };
const moneyDesk: MenuItem = { label: 'Money desk', to: '/dashboard/money-desk', icon: LuBriefcase, badge: 'desk' };
const outbox: MenuItem = { label: 'Outbox', to: '/dashboard/outbox', icon: LuMail };
const inbox: MenuItem = { label: 'Inbox', to: '/dashboard/inbox', icon: LuInbox, badge: 'inbox' };
const statements: MenuItem = { label: 'Bank statements', to: '/dashboard/statements', icon: LuReceipt };
const siteSettings: MenuItem = { label: 'Site settings', to: '/dashboard/site-settings', icon: LuBuilding2 };

/**
 * The sidebar menu: users get Rewards, Investments, Chart, Deposit, Cashout,
 * Settings; admins also User, between Chart and Deposit. Transactions and Referral are added so
 * those pages can be found; the Money desk is the admin's review queue. Admins start with the
 * Overview (the morning figures). The Outbox shows every email the platform wrote. Site settings holds the
 * operator's facts the public pages state.
 */
export function menuFor(accountType: TAccountType): MenuItem[] {
  const base = [rewards, investments, chart];
  const rest = [deposit, cashout, settings, transactions, referral];
  return accountType === 'admin'
    ? [overview, ...base, users, ...rest, moneyDesk, statements, inbox, outbox, siteSettings]
    : [...base, ...rest];
}

/** Whether a menu entry is the current page (case-insensitive, like the router). */
export function isMenuItemActive(item: MenuItem, pathname: string): boolean {
  const path = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  const candidates = [item.to.toLowerCase(), ...(item.alsoActiveOn ?? [])];
  return candidates.some((c) => (c === '/dashboard' ? path === c : path === c || path.startsWith(`${c}/`)));
}
