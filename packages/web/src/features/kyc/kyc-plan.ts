// #33: what the member's next application holds, from kyc.status.
import {
  KYC_DOCUMENT_KINDS,
  type TKycDocumentKind,
  type TKycItem,
  type TKycItemView,
  type TKycStatus,
} from '@vestora/contract';

/** The tier the form applies for and the document kinds it carries (exactly those the tier needs), or null. */
export interface FormPlan {
  tier: 1 | 2;
  kinds: TKycDocumentKind[];
  /** Documents already sent that still stand (given with an application that asked one other item again). */
  standing: Partial<Record<TKycDocumentKind, string>>;
}

/**
 * The next application: none while one is in review or after a final reject; else the next tier, with the kinds
 * it needs. A document sent with an application that asked for another item again may go with the new one as it is.
 */
export function formPlan(status: TKycStatus): FormPlan | null {
  if (status.rejected || status.pending || !status.next) return null;
  const needs = new Set<TKycItem>(status.next.needs);
  const kinds = KYC_DOCUMENT_KINDS.filter((k) => needs.has(k));
  const standing: Partial<Record<TKycDocumentKind, string>> = {};
  for (const i of status.items)
    if (i.state === 'waiting' && i.document && (kinds as readonly string[]).includes(i.item))
      standing[i.item as TKycDocumentKind] = i.document.id;
  return { tier: status.next.tier, kinds, standing };
}

/** A detail the member gave before (to prefill the form), or ''. */
export function givenValue(items: readonly TKycItemView[], item: TKycItem): string {
  return items.find((i) => i.item === item)?.value ?? '';
}
