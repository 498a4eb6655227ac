// #33: the one table of the identity screens' words (kinds, items, statuses, decisions), in the reader's language.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { TKycApplicationStatus, TKycDecision, TKycDocumentKind, TKycItem } from '@vestora/contract';

/** A document's kind. */
export const KIND_WORDS: Record<TKycDocumentKind, MessageDescriptor> = {
  identity: msg`Identity document`,
  proof_of_address: msg`Proof of address`,
  selfie: msg`Selfie`,
};

/** What a document of each kind is, for the member choosing the file. */
export const KIND_HINTS: Record<TKycDocumentKind, MessageDescriptor> = {
  identity: msg`A passport, national identity card or driving licence, showing your photo and name.`,
  proof_of_address: msg`A utility bill or bank statement from the last 3 months with your name and address.`,
  selfie: msg`A photo of your face holding your identity document.`,
};

/** An item an application may be asked for again (a document or a detail). */
export const ITEM_WORDS: Record<TKycItem, MessageDescriptor> = {
  identity: msg`Identity document`,
  proof_of_address: msg`Proof of address`,
  selfie: msg`Selfie`,
  legal_name: msg`Legal name`,
  date_of_birth: msg`Date of birth`,
  address: msg`Address`,
};

/** An application's status, as the member and the admins read it. */
export const STATUS_WORDS: Record<TKycApplicationStatus, MessageDescriptor> = {
  pending: msg`In review`,
  awaiting_second_review: msg`Approved once: another administrator must approve`,
  approved: msg`Approved`,
  retry: msg`Send again`,
  rejected: msg`Rejected`,
  superseded: msg`Replaced by a newer application`,
};

/** Colour of an application's status badge. */
export const STATUS_PALETTE: Record<TKycApplicationStatus, string> = {
  pending: 'blue',
  awaiting_second_review: 'purple',
  approved: 'green',
  retry: 'orange',
  rejected: 'red',
  superseded: 'gray',
};

/** A reviewer's decision in the history. */
export const DECISION_WORDS: Record<TKycDecision, MessageDescriptor> = {
  approve: msg`Approved`,
  retry: msg`Asked to send again`,
  reject: msg`Rejected for good`,
};

/** A tier's name. */
export function tierWords(tier: number): MessageDescriptor {
  if (tier === 2) return msg`Tier 2: verified address`;
  if (tier === 1) return msg`Tier 1: verified identity`;
  return msg`Tier 0: email verified`;
}
