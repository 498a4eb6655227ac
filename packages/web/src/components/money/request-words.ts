import { t } from '@lingui/core/macro';

/**
 * The two kinds of money request the shared desks, lists and dialogs show. Each kind has its own whole sentences
 * (a translated noun is never pasted into another sentence); call these while rendering.
 */
export type RequestKind = 'deposit' | 'withdrawal';

interface RequestWords {
  /** The owner's list. */
  loadingYours: () => string;
  yoursFailed: () => string;
  noneYet: () => string;
  ownTimeline: (amount: string) => string;
  /** The recent-requests card. */
  recentAllUsers: () => string;
  loading: () => string;
  couldNotLoadYours: () => string;
  /** The review desk. */
  listFailed: () => string;
  noneWaiting: () => string;
  noneMatch: () => string;
  reviewFailed: () => string;
  ownRequest: () => string;
  /** "the deposit of $25.00 from a@b.c", for the timeline toggle. */
  deskTimeline: (amount: string, email: string) => string;
  /** The review buttons' accessible names. */
  acceptWhat: (amount: string, email: string) => string;
  rejectWhat: (amount: string, email: string) => string;
  /** The accepting verb on the desk's button. */
  acceptLabel: () => string;
  /** The review dialog's title for each decision. */
  acceptTitle: () => string;
  rejectTitle: () => string;
}

export const REQUEST_WORDS: Record<RequestKind, RequestWords> = {
  deposit: {
    loadingYours: () => t`Loading your deposits...`,
    yoursFailed: () => t`Your deposits could not be loaded`,
    noneYet: () => t`No deposits yet`,
    ownTimeline: (amount) => t`timeline of the deposit of ${amount}`,
    recentAllUsers: () => t`Recent deposits (all users)`,
    loading: () => t`Loading deposits...`,
    couldNotLoadYours: () => t`Could not load your deposits`,
    listFailed: () => t`Deposits could not be loaded`,
    noneWaiting: () => t`No deposits waiting for review`,
    noneMatch: () => t`No deposits match these filters`,
    reviewFailed: () => t`The deposit could not be reviewed. Please try again.`,
    ownRequest: () => t`This is your own deposit: another administrator must review it.`,
    deskTimeline: (amount, email) => t`timeline of the deposit of ${amount} from ${email}`,
    acceptWhat: (amount, email) => t`Confirm the deposit of ${amount} from ${email}`,
    rejectWhat: (amount, email) => t`Reject the deposit of ${amount} from ${email}`,
    acceptLabel: () => t`Confirm`,
    acceptTitle: () => t`Confirm this deposit?`,
    rejectTitle: () => t`Reject this deposit?`,
  },
  withdrawal: {
    loadingYours: () => t`Loading your withdrawals...`,
    yoursFailed: () => t`Your withdrawals could not be loaded`,
    noneYet: () => t`No withdrawals yet`,
    ownTimeline: (amount) => t`timeline of the withdrawal of ${amount}`,
    recentAllUsers: () => t`Recent withdrawals (all users)`,
    loading: () => t`Loading withdrawals...`,
    couldNotLoadYours: () => t`Could not load your withdrawals`,
    listFailed: () => t`Withdrawals could not be loaded`,
    noneWaiting: () => t`No withdrawals waiting for review`,
    noneMatch: () => t`No withdrawals match these filters`,
    reviewFailed: () => t`The withdrawal could not be reviewed. Please try again.`,
    ownRequest: () => t`This is your own withdrawal: another administrator must review it.`,
    deskTimeline: (amount, email) => t`timeline of the withdrawal of ${amount} by ${email}`,
    acceptWhat: (amount, email) => t`Approve the withdrawal of ${amount} by ${email}`,
    rejectWhat: (amount, email) => t`Reject the withdrawal of ${amount} by ${email}`,
    acceptLabel: () => t`Approve`,
    acceptTitle: () => t`Approve this withdrawal?`,
    rejectTitle: () => t`Reject this withdrawal?`,
  },
};

/** The kind of a noun as the specs give it: "deposit" or "deposits". */
export const kindOf = (noun: string): RequestKind => (noun.startsWith('withdrawal') ? 'withdrawal' : 'deposit');
