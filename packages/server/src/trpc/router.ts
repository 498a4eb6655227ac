import { accountRouter } from '../modules/account/account.router.ts';
import { approvalRouter } from '../modules/approval/approval.router.ts';
import { accountStatementRouter } from '../modules/account-statement/account-statement.router.ts';
import { auditRouter } from '../modules/audit/audit.router.ts';
import { bitcoinRouter } from '../modules/bitcoin/bitcoin.router.ts';
import { contactRouter } from '../modules/contact/contact.router.ts';
import { notificationRouter } from '../modules/notification/notification.router.ts';
import { newsletterRouter } from '../modules/newsletter/newsletter.router.ts';
import { depositRouter } from '../modules/deposit/deposit.router.ts';
import { investmentRouter } from '../modules/investment/investment.router.ts';
import { ledgerRouter } from '../modules/ledger/ledger.router.ts';
import { mailRouter } from '../modules/mail/mail.router.ts';
import { marketRouter } from '../modules/market/market.router.ts';
import { overviewRouter } from '../modules/overview/overview.router.ts';
import { planRouter } from '../modules/plan/plan.router.ts';
import { referralRouter } from '../modules/referral/referral.router.ts';
import { profileRouter } from '../modules/profile/profile.router.ts';
import { siteRouter } from '../modules/site/site.router.ts';
import { rewardRouter } from '../modules/reward/reward.router.ts';
import { statementRouter } from '../modules/bank-statement/bank-statement.router.ts';
import { userRouter } from '../modules/user/user.router.ts';
import { dataExportRouter } from '../modules/dataexport/dataexport.router.ts';
import { withdrawalRouter } from '../modules/withdrawal/withdrawal.router.ts';
import { orderRouter } from '../modules/order/order.router.ts';
import { priceAlertRouter } from '../modules/alert/alert.router.ts';
import { recurringBuyRouter } from '../modules/recurring/recurring.router.ts';
import { assetRouter, portfolioRouter, tradeRouter, treasuryRouter } from '../modules/trade/trade.router.ts';
import { kycRouter } from '../modules/kyc/kyc.router.ts';
import { reservesRouter } from '../modules/reserves/reserves.router.ts';
import { createCallerFactory, router } from './init.ts';

/** Every procedure the product serves. */
export const appRouter = router({
  user: userRouter,
  plan: planRouter,
  account: accountRouter,
  referral: referralRouter,
  market: marketRouter,
  deposit: depositRouter,
  withdrawal: withdrawalRouter,
  ledger: ledgerRouter,
  audit: auditRouter,
  reward: rewardRouter,
  investment: investmentRouter,
  overview: overviewRouter,
  mail: mailRouter,
  contact: contactRouter,
  newsletter: newsletterRouter,
  site: siteRouter,
  statement: statementRouter,
  profile: profileRouter,
  accountStatement: accountStatementRouter,
  dataExport: dataExportRouter,
  bitcoin: bitcoinRouter,
  notification: notificationRouter,
  approval: approvalRouter,
  asset: assetRouter,
  trade: tradeRouter,
  order: orderRouter,
  recurringBuy: recurringBuyRouter,
  priceAlert: priceAlertRouter,
  portfolio: portfolioRouter,
  treasury: treasuryRouter,
  reserves: reservesRouter,
  kyc: kycRouter,
});

export type AppRouter = typeof appRouter;

/** Server-side caller: the REST adapter and tests call procedures through it. */
export const createCaller = createCallerFactory(appRouter);
