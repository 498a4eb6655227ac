import { Button, HStack, Text } from '@chakra-ui/react';

interface LoadMoreProps {
  shown: number;
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
  /** What the rows are, singular and plural. */
  noun?: [singular: string, plural: string];
}

/** 'Load more' under a cursor-paged list, with how many rows are on screen. */
export function LoadMore({ shown, hasMore, loading, onLoadMore, noun = ['entry', 'entries'] }: LoadMoreProps) {
  const [one, many] = noun;
  return (
    <HStack justify="space-between" flexWrap="wrap" gap="3" pt="3">
      <Text fontSize="sm" color="fg.muted" aria-live="polite">
        {hasMore
          ? `Showing the latest ${shown} ${many}`
          : shown === 1
            ? `1 ${one} shown`
            : `All ${shown} ${many} shown`}
      </Text>
      {hasMore ? (
        <Button size="sm" variant="outline" onClick={onLoadMore} loading={loading} loadingText="Loading...">
          Load more
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
export function LoadMoreOf({ list, noun }: { list: InfiniteList; noun?: [singular: string, plural: string] }) {
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
