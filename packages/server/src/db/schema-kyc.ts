// #33: the identity tables (migration 2026_12_03_1500_create_kyc_k33). Kept apart from schema.ts, which DB extends.
import type { ColumnType, Generated } from 'kysely';
import type { TKycDocumentKind, TKycDocumentMime, TKycApplicationStatus, TKycDecision } from '@vestora/contract';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** A calendar date, ISO 'YYYY-MM-DD' text (CHECKed by the migration). */
type DateOnly = string | null;

/** One row per member once they first submit; the row every withdrawal request locks (kyc.tier.ts). */
export interface KycMemberTable {
  user_id: string;
  /** The tier the member holds now: 0 until an application is approved; falls at once on a downgrade. */
  tier: Generated<number>;
  /** The verified details (null until approved, and after retention erased them). */
  legal_name: string | null;
  date_of_birth: DateOnly;
  address: string | null;
  tier_changed_at: NullableTimestamp;
  /** When the relationship ended (the account closed): retention counts KYC_RETENTION_YEARS from here. */
  relationship_ended_at: NullableTimestamp;
  personal_data_erased_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** An uploaded identity document's metadata; the bytes are encrypted in the document storage under storage_key. */
export interface KycDocumentTable {
  id: string;
  user_id: string;
  kind: TKycDocumentKind;
  /** The type its bytes are (sniffed, never the name or the declared type alone). */
  mime: TKycDocumentMime;
  size_bytes: number;
  /** SHA-256 (hex) of the stored (metadata-stripped) plaintext. */
  sha256: string;
  storage_key: string;
  /** When the document itself expires (an identity card's date), if given. */
  expires_on: DateOnly;
  created_at: Timestamp;
  /** When retention (or a replacement) removed the file. */
  deleted_at: NullableTimestamp;
}

/** One submission for a tier (statuses: contract's KYC_APPLICATION_STATUSES). */
export interface KycApplicationTable {
  id: string;
  seq: Generated<number>;
  user_id: string;
  tier: number;
  status: Generated<TKycApplicationStatus>;
  legal_name: string | null;
  date_of_birth: DateOnly;
  address: string | null;
  document_ids: ColumnType<string[], string[] | undefined, string[]>;
  /** On 'retry': which document kind or detail to send again, and why (both shown to the member). */
  retry_item: string | null;
  member_reason: string | null;
  submitted_at: Timestamp;
  decided_at: NullableTimestamp;
  updated_at: Timestamp;
}

/** Every decision on an application. `note` is for admins only; `reason` may reach the member. */
export interface KycReviewTable {
  id: string;
  application_id: string;
  reviewer_id: string;
  decision: TKycDecision;
  reason: string | null;
  item: string | null;
  note: string | null;
  created_at: Timestamp;
}

export interface KycTables {
  kyc_members: KycMemberTable;
  kyc_documents: KycDocumentTable;
  kyc_applications: KycApplicationTable;
  kyc_reviews: KycReviewTable;
}
