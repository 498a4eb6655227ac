// #33: kyc.status, what a member sees of their identity: their tier, their open application, each item they gave
// and its state (with their own documents' links), their limits and what the next tier needs. Never a reviewer's
// note, never who reviewed.
import { formatUnits, type TKycItem, type TKycItemView, type TKycStatus, type TLocale } from '@vestora/contract';
import type { AppDeps } from '../../deps.ts';
import { iso } from '../../lib/dates.ts';
import { renderIn } from '../../i18n/i18n.ts';
import {
  findDocumentsOf,
  type KycApplicationRow,
  type KycDocumentRow,
  listApplicationsOf,
} from './kyc.applications.repo.ts';
import { SYSTEM_REASON_PREFIX, SYSTEM_REASONS, type ReturnCause } from './kyc.return.ts';
import { toDocumentLink } from './kyc.mapper.ts';
import { limitsView } from './kyc.limits.ts';
import { tierLimits } from './kyc.repo.ts';
import { DETAIL_ITEMS, itemsFor } from './kyc.rules.ts';

const usd = (cents: number) => formatUnits(BigInt(cents), 2);

/** The reason the member reads: an admin's words as written, the platform's own in the member's language. */
function memberReason(reason: string | null, locale: TLocale | string | null): string | null {
  if (reason === null || !reason.startsWith(SYSTEM_REASON_PREFIX)) return reason;
  const msg = SYSTEM_REASONS[reason.slice(SYSTEM_REASON_PREFIX.length) as ReturnCause];
  return msg ? renderIn(locale, msg) : null;
}

/** The items an application carries: its details and the kinds of its documents. */
function itemsOf(app: KycApplicationRow, docs: Map<string, KycDocumentRow>): TKycItem[] {
  const kinds = app.document_ids.flatMap((id) => (docs.has(id) ? [docs.get(id)!.kind] : []));
  return [...DETAIL_ITEMS, ...kinds];
}

/**
 * Each item's state, reading the member's applications oldest first: an approved one's items are accepted; the
 * latest application after them says the rest (pending: in review; retry: its item is asked again, the others it
 * carries wait unless accepted before; rejected: refused, for good).
 */
export function itemStates(
  apps: KycApplicationRow[],
  docs: Map<string, KycDocumentRow>,
  locale: TLocale | string | null,
  link: (doc: KycDocumentRow) => TKycItemView['document'],
): TKycItemView[] {
  const views = new Map<TKycItem, TKycItemView>();
  const put = (app: KycApplicationRow, item: TKycItem, state: TKycItemView['state'], reason: string | null) => {
    const doc = app.document_ids.map((id) => docs.get(id)).find((d) => d?.kind === item);
    const value =
      item === 'legal_name'
        ? app.legal_name
        : item === 'date_of_birth'
          ? app.date_of_birth
          : item === 'address'
            ? app.address
            : null;
    views.set(item, { item, state, reason, value, document: doc ? link(doc) : null });
  };
  const live = apps.filter((a) => a.status !== 'superseded');
  for (const app of live.filter((a) => a.status === 'approved'))
    for (const item of itemsOf(app, docs)) put(app, item, 'accepted', null);
  const last = live.at(-1);
  if (last && last.status !== 'approved') {
    const reason = memberReason(last.member_reason, locale);
    for (const item of itemsOf(last, docs)) {
      if (last.status === 'rejected') put(last, item, 'rejected', reason);
      else if (last.status === 'retry') {
        if (views.get(item)?.state !== 'accepted') put(last, item, 'waiting', null);
      } else put(last, item, 'in_review', null);
    }
    // The item asked again (a document no longer carried, or a detail) shows with its reason.
    if (last.status === 'retry' && last.retry_item) put(last, last.retry_item as TKycItem, 'send_again', reason);
  }
  return [...views.values()];
}

/** kyc.status for the signed-in member. */
export async function kycStatus(
  deps: Pick<AppDeps, 'db' | 'config' | 'clock'>,
  member: { id: string; locale: TLocale | string | null },
): Promise<TKycStatus> {
  const now = deps.clock.now();
  const { tier, ...limits } = await limitsView(deps.db, deps.config, member.id, now);
  const apps = await listApplicationsOf(deps.db, member.id);
  const docRows = await findDocumentsOf(
    deps.db,
    member.id,
    apps.flatMap((a) => a.document_ids),
  );
  const docs = new Map(docRows.map((d) => [d.id, d]));
  const open = apps.find((a) => a.status === 'pending' || a.status === 'awaiting_second_review');
  const nextTier = tier >= 2 ? null : ((tier + 1) as 1 | 2);
  const nextLimits = nextTier === null ? null : tierLimits(deps.config, nextTier);
  return {
    tier,
    pending: open
      ? {
          id: open.id,
          status: open.status as 'pending' | 'awaiting_second_review',
          tier: open.tier,
          submittedAt: iso(open.submitted_at),
        }
      : null,
    rejected: apps.some((a) => a.status === 'rejected'),
    items: itemStates(apps, docs, member.locale, (d) => toDocumentLink(d, deps, member.id)),
    limits,
    next:
      nextTier === null
        ? null
        : {
            tier: nextTier,
            needs: itemsFor(nextTier, tier, deps.config),
            dailyUsd: usd(nextLimits?.dailyCents ?? 0),
            monthlyUsd: usd(nextLimits?.monthlyCents ?? 0),
          },
  };
}
