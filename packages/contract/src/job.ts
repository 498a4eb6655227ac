import { z } from 'zod';

/** The background jobs (#29), by their lease names in job_leases. */
export const JOB_NAMES = [
  'payouts',
  'account-statements',
  'mail',
  'data-exports',
  'session-purge',
  'deposit-report-expiry',
  'bitcoin-watcher',
  'bitcoin-payouts',
  'limit-orders',
  'recurring-buys',
  'price-alerts',
  'kyc-retention',
  'kyc-expiry',
  'reserves-monthly',
  'trade-quotes-prune',
] as const;
export const ZJobName = z.enum(JOB_NAMES);
export type TJobName = z.infer<typeof ZJobName>;

/** overview.jobs: one background job's last run, for admins (ISO times; null: never). */
export const ZJobStatus = z.object({
  name: ZJobName,
  /** The instance running a tick now (its lease has not run out), or null. */
  runningOn: z.string().nullable(),
  lastStartedAt: z.string().nullable(),
  lastFinishedAt: z.string().nullable(),
  /** The last failed tick's error (secrets taken out) and when; kept after later runs succeed. */
  lastError: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  /** Whether the last tick that started failed. */
  failing: z.boolean(),
});
export type TJobStatus = z.infer<typeof ZJobStatus>;
