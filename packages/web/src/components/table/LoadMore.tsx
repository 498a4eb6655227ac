import { Button, HStack, Text } from '@chakra-ui/react';
import { plural, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';

/** What a paged list's rows are; each has its own sentences (a noun is never pasted into a translated one). */
export type ListNoun = 'entry' | 'notification' | 'message' | 'investment' | 'deposit' | 'withdrawal';

/** How many rows a list shows, in words: while more can be loaded, and once all are on screen. */
const COUNT_WORDS: Record<ListNoun, { latest: (n: number) => string; all: (n: number) => string }> = {
  entry: {
    latest: (n) =>
      t({ message: plural(n, { one: 'Showing the latest # entry', other: 'Showing the latest # entries' }) }),
    all: (n) => t({ message: plural(n, { one: '# entry shown', other: 'All # entries shown' }) }),
  },
  notification: {
    latest: (n) =>
      t({
        message: plural(n, {
          one: 'Showing the latest # notification',
          other: 'Showing the latest # notifications',
        }),
      }),
    all: (n) => t({ message: plural(n, { one: '# notification shown', other: 'All # notifications shown' }) }),
  },
  message: {
    latest: (n) =>
      t({ message: plural(n, { one: 'Showing the latest # message', other: 'Showing the latest # messages' }) }),
    all: (n) => t({ message: plural(n, { one: '# message shown', other: 'All # messages shown' }) }),
  },
  investment: {
    latest: (n) =>
      t({ message: plural(n, { one: 'Showing the latest # investment', other: 'Showing the latest # investments' }) }),
    all: (n) => t({ message: plural(n, { one: '# investment shown', other: 'All # investments shown' }) }),
  },
  deposit: {
    latest: (n) =>
      t({ message: plural(n, { one: 'Showing the latest # deposit', other: 'Showing the latest # deposits' }) }),
    all: (n) => t({ message: plural(n, { one: '# deposit shown', other: 'All # deposits shown' }) }),
  },
  withdrawal: {
    latest: (n) =>
      t({ message: plural(n, { one: 'Showing the latest # withdrawal', other: 'Showing the latest # withdrawals' }) }),
    all: (n) => t({ message: plural(n, { one: '# withdrawal shown', other: 'All # withdrawals shown' }) }),
  },
};

/**
 * The rows' noun: `'deposit'`, or the older `['deposit', 'deposits']` pair (only its singular is read). Anything
 * unknown reads as entries.
 */
export type ListNounProp = ListNoun | readonly [singular: ListNoun, plural: string];

const nounOf = (noun: ListNounProp | undefined): ListNoun => {
  const singular = typeof noun === 'string' ? noun : noun?.[0];
  return singular && singular in COUNT_WORDS ? singular : 'entry';
};

interface LoadMoreProps {
  shown: number;
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
  /** What the rows are. */
  noun?: ListNounProp;
}

/** 'Load more' under a cursor-paged list, with how many rows are on screen. */
export function LoadMore({ shown, hasMore, loading, onLoadMore, noun }: LoadMoreProps) {
  const { t: tr } = useLingui();
  const words = COUNT_WORDS[nounOf(noun)];
  return (
    <HStack justify="space-between" flexWrap="wrap" gap="3" pt="3">
      <Text fontSize="sm" color="fg.muted" aria-live="polite">
        {hasMore ? words.latest(shown) : words.all(shown)}
      </Text>
      {hasMore ? (
        <Button size="sm" variant="outline" onClick={onLoadMore} loading={loading} loadingText={tr`Loading...`}>
          <Trans>Load more</Trans>
        </Button>
      ) : null}
    </HStack>
  );
}

/** What an infinite list query looks like to LoadMoreOf. */
interface InfiniteList {
  items: readonly unknown[];
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** LoadMore wired to an infinite list query. */
export function LoadMoreOf({ list, noun }: { list: InfiniteList; noun?: ListNounProp }) {
  return (
    <LoadMore
      shown={list.items.length}
      hasMore={list.hasNextPage}
      loading={list.isFetchingNextPage}
      onLoadMore={() => void list.fetchNextPage()}
      noun={noun}
    />
  );
}
