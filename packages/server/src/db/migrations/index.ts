import type { Migration } from 'kysely/migration';
import * as createCoreTables from './2026_11_21_0600_create_core_tables.ts';
import * as addPlanTerms from './2026_11_23_1000_add_plan_terms.ts';
import * as createInvestments from './2026_11_23_1100_create_investments.ts';
import * as sessionLifetimes from './2026_11_24_0100_session_lifetimes.ts';
import * as protectLedgerAndAudit from './2026_11_24_0200_protect_ledger_and_audit.ts';
import * as createRateLimits from './2026_11_24_0300_create_rate_limits.ts';
import * as createMailOutbox from './2026_11_24_1000_create_mail_outbox.ts';
import * as createAccountTokens from './2026_11_24_1200_create_account_tokens.ts';
import * as addTwoFactor from './2026_11_24_1300_add_two_factor.ts';
import * as sessionsContactNewsletter from './2026_11_24_1400_sessions_contact_newsletter.ts';
import * as createRecurringBuysRb31 from './2026_12_03_1140_create_recurring_buys_rb31.ts';
import * as createMarketCache from './2026_11_26_1000_create_market_cache.ts';
import * as addGrowthIndexes from './2026_11_26_1100_add_growth_indexes.ts';
import * as referralRewardOnFirstPayout from './2026_11_27_1000_referral_reward_on_first_payout.ts';
import * as createRoleRequests from './2026_11_27_1100_create_role_requests.ts';
import * as twoFactorPausesAndMailPerRecipient from './2026_11_27_1200_two_factor_pauses_and_mail_per_recipient.ts';
import * as createSiteSettings from './2026_11_27_1400_create_site_settings.ts';
import * as bankStatements from './2026_11_27_1500_bank_statements.ts';
import * as planPausedStatus from './2026_11_27_1600_plan_paused_status.ts';
import * as bitcoinDeposits from './2026_11_27_1800_bitcoin_deposits.ts';
import * as addInvestmentRenewal from './2026_11_27_2000_add_investment_renewal.ts';
import * as createAccountStatements from './2026_11_27_2100_create_account_statements.ts';
import * as dataExportAndClosing from './2026_11_27_2200_data_export_and_closing.ts';
import * as userLocaleTheme from './2026_11_27_2300_user_locale_theme.ts';
import * as addNotificationMessages from './2026_11_27_2310_add_notification_messages.ts';
import * as createNotifications from './2026_11_27_1900_create_notifications.ts';
import * as createApprovalsA27 from './2026_12_02_0300_create_approvals_a27.ts';
import * as creditOnceB27 from './2026_12_02_0300_credit_once_b27.ts';
import * as addSiteMapLink from './2026_12_02_0300_add_site_map_link_s34.ts';
import * as createJobLeasesJ29 from './2026_12_02_0706_create_job_leases_j29.ts';
import * as accountStatementPdfOnOpen from './2026_12_02_0741_account_statement_pdf_on_open_mb28.ts';
import * as riskLevelScale from './2026_12_02_0705_risk_level_scale_s34.ts';
import * as bitcoinExceptionMessages from './2026_12_02_0737_bitcoin_exception_messages_s34.ts';
import * as createPaymentFilesC34 from './2026_12_02_1420_create_payment_files_c34.ts';
import * as cryptoPayoutConfirmationP34 from './2026_12_02_1415_crypto_payout_confirmation_p34.ts';
import * as splitBitcoinDepositsBd29 from './2026_12_02_1725_split_bitcoin_deposits_bd29.ts';
import * as moneyJournalJ29 from './2026_12_02_1800_money_journal_j29.ts';
import * as tradingT30 from './2026_12_03_0810_trading_t30.ts';
import * as addWithdrawalBankAccountF34 from './2026_12_02_1800_add_withdrawal_bank_account_f34.ts';
import * as cryptoPayoutReleaseR34 from './2026_12_03_0800_crypto_payout_release_r34.ts';
// #30: Bitcoin deposits credited as BTC.
import * as bitcoinCreditedAsBtcBb30 from './2026_12_03_0900_bitcoin_credited_as_btc_bb30.ts';
import * as createLimitOrdersLo31 from './2026_12_03_1230_create_limit_orders_lo31.ts';
import * as createCoinLogosLg34 from './2026_12_03_1130_create_coin_logos_lg34.ts';
// #32: Bitcoin withdrawals (BTC from the member's holding, a flat fee on top).
import * as addBitcoinWithdrawalsBw32 from './2026_12_03_1210_add_bitcoin_withdrawals_bw32.ts';
import * as bookBankFeesF34a from './2026_12_03_1200_book_bank_fees_f34a.ts';
import * as createReservesPr32 from './2026_12_03_1230_create_reserves_pr32.ts';
import * as createKycK33 from './2026_12_03_1500_create_kyc_k33.ts';
import * as addSecurityChangedAtK33 from './2026_12_03_1520_add_security_changed_at_k33.ts';
import * as createPayoutBatchesPb32 from './2026_12_03_1530_create_payout_batches_pb32.ts';

/** Every migration, in order. Imported statically so the same list works under tsx, vitest and bundlers. */
export const migrations: Record<string, Migration> = {
  '2026_11_21_0600_create_core_tables': createCoreTables,
  '2026_11_23_1000_add_plan_terms': addPlanTerms,
  '2026_11_23_1100_create_investments': createInvestments,
  '2026_11_24_0100_session_lifetimes': sessionLifetimes,
  '2026_11_24_0200_protect_ledger_and_audit': protectLedgerAndAudit,
  '2026_11_24_0300_create_rate_limits': createRateLimits,
  '2026_11_24_1000_create_mail_outbox': createMailOutbox,
  '2026_11_24_1200_create_account_tokens': createAccountTokens,
  '2026_11_24_1300_add_two_factor': addTwoFactor,
  '2026_11_24_1400_sessions_contact_newsletter': sessionsContactNewsletter,
  '2026_11_26_1000_create_market_cache': createMarketCache,
  '2026_11_26_1100_add_growth_indexes': addGrowthIndexes,
  '2026_11_27_1000_referral_reward_on_first_payout': referralRewardOnFirstPayout,
  '2026_11_27_1100_create_role_requests': createRoleRequests,
  '2026_11_27_1200_two_factor_pauses_and_mail_per_recipient': twoFactorPausesAndMailPerRecipient,
  '2026_11_27_1400_create_site_settings': createSiteSettings,
  '2026_11_27_1500_bank_statements': bankStatements,
  '2026_11_27_1600_plan_paused_status': planPausedStatus,
  '2026_11_27_1800_bitcoin_deposits': bitcoinDeposits,
  '2026_11_27_2000_add_investment_renewal': addInvestmentRenewal,
  '2026_11_27_2100_create_account_statements': createAccountStatements,
  '2026_11_27_2200_data_export_and_closing': dataExportAndClosing,
  '2026_11_27_2300_user_locale_theme': userLocaleTheme,
  '2026_11_27_2310_add_notification_messages': addNotificationMessages,
  '2026_11_27_1900_create_notifications': createNotifications,
  '2026_12_02_0300_create_approvals_a27': createApprovalsA27,
  '2026_12_02_0300_credit_once_b27': creditOnceB27,
  '2026_12_02_0300_add_site_map_link_s34': addSiteMapLink,
  '2026_12_02_0706_create_job_leases_j29': createJobLeasesJ29,
  '2026_12_02_0741_account_statement_pdf_on_open_mb28': accountStatementPdfOnOpen,
  '2026_12_02_0705_risk_level_scale_s34': riskLevelScale,
  '2026_12_02_0737_bitcoin_exception_messages_s34': bitcoinExceptionMessages,
  '2026_12_02_1420_create_payment_files_c34': createPaymentFilesC34,
  '2026_12_02_1415_crypto_payout_confirmation_p34': cryptoPayoutConfirmationP34,
  '2026_12_02_1725_split_bitcoin_deposits_bd29': splitBitcoinDepositsBd29,
  '2026_12_02_1800_money_journal_j29': moneyJournalJ29,
  '2026_12_02_1800_add_withdrawal_bank_account_f34': addWithdrawalBankAccountF34,
  '2026_12_03_0800_crypto_payout_release_r34': cryptoPayoutReleaseR34,
  '2026_12_03_0810_trading_t30': tradingT30,
  '2026_12_03_0900_bitcoin_credited_as_btc_bb30': bitcoinCreditedAsBtcBb30,
  '2026_12_03_1130_create_coin_logos_lg34': createCoinLogosLg34,
  '2026_12_03_1140_create_recurring_buys_rb31': createRecurringBuysRb31,
  '2026_12_03_1200_book_bank_fees_f34a': bookBankFeesF34a,
  '2026_12_03_1210_add_bitcoin_withdrawals_bw32': addBitcoinWithdrawalsBw32,
  '2026_12_03_1230_create_limit_orders_lo31': createLimitOrdersLo31,
  '2026_12_03_1230_create_reserves_pr32': createReservesPr32,
  '2026_12_03_1500_create_kyc_k33': createKycK33,
  '2026_12_03_1520_add_security_changed_at_k33': addSecurityChangedAtK33,
  '2026_12_03_1530_create_payout_batches_pb32': createPayoutBatchesPb32,
};
