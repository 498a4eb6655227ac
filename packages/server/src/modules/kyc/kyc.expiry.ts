// #33: an expired document returns the member to review for that item. The daily `kyc-expiry` job (and once at
// start) looks for members whose accepted document of a kind (the newest accepted one of each kind: a document
// sent again replaces the older one) expired before today, UTC, and calls returnToReviewIn: the tier falls at once
// to what is still backed, a retry application tells the member which document to send again, and withdrawals
// above the new limit go back to review. A member already returned is below the tier the item backs, so a second
// run does nothing.
import type { TKycDocumentKind } from '@vestora/contract';
import type { AppDeps } from '../../deps.ts';
import { type JobRunner, runnerFor } from '../job/job.runner.ts';
import { acceptedDocuments, membersWithExpiredDocuments } from './kyc.applications.repo.ts';
import { returnToReviewIn } from './kyc.return.ts';
import { isoDay, tierOfItem } from './kyc.rules.ts';

type Deps = Pick<AppDeps, 'db' | 'config' | 'clock'>;

/** How often the job looks (it also runs once at start). */
export const KYC_EXPIRY_INTERVAL_MS = 24 * 60 * 60 * 1000;

/** The kinds whose expiry matters, in the order they are checked (identity backs tier 1, so everything). */
const KINDS: readonly TKycDocumentKind[] = ['identity', 'proof_of_address', 'selfie'];

/** Returns every member with an expired accepted document to review; answers how many members were returned. */
export async function returnExpiredDocuments(deps: Deps): Promise<number> {
  const now = deps.clock.now();
  const today = isoDay(now);
  let returned = 0;
  for (const kind of KINDS) {
    const candidates = await membersWithExpiredDocuments(deps.db, today, [kind], tierOfItem(kind));
    for (const userId of candidates) {
      const done = await deps.db.transaction().execute(async (trx) => {
        // Only the newest accepted document of the kind counts: an expired one already replaced does not.
        const current = (await acceptedDocuments(trx, userId)).find((d) => d.kind === kind);
        if (!current?.expires_on || current.expires_on >= today) return false;
        const r = await returnToReviewIn(trx, deps, { userId, item: kind, cause: 'document_expired', now });
        return r.to < r.from;
      });
      if (done) returned++;
    }
  }
  return returned;
}

/** The `kyc-expiry` job: now, then daily. */
export function startKycExpiryJob(deps: Deps & Pick<AppDeps, 'log'>, jobs?: JobRunner): { stop(): Promise<void> } {
  const job = runnerFor(deps, jobs).add({
    name: 'kyc-expiry',
    everyMs: KYC_EXPIRY_INTERVAL_MS,
    async tick() {
      const n = await returnExpiredDocuments(deps);
      if (n > 0) deps.log.info({ members: n }, `kyc expiry: ${n} member(s) returned to review for an expired document`);
    },
  });
  return { stop: () => job.stop() };
}
