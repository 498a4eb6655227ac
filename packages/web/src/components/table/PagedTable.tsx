import { useState, type ReactNode } from 'react';
import { Box, Stack, Table } from '@chakra-ui/react';
import { errorMessage } from '../../lib/errors';
import { ErrorState, PageLoader } from '../ui/states';
import { LoadMore, type ListNounProp } from './LoadMore';
import { toggleInSet } from './ExpandableRow';
import { ScrollingTable } from './ScrollCue';

/** What PagedTable needs from a `use…Pages` hook. */
export interface PagedList<T> {
  items: T[];
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isRefetching: boolean;
  refetch: () => unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** A row's open state, for its ExpandableRow. */
export interface RowDisclosure {
  open: boolean;
  onToggle: () => void;
}

interface PagedTableProps<T> {
  list: PagedList<T>;
  loadingLabel: string;
  errorTitle: string;
  /** Shown when the list is empty. */
  empty: ReactNode;
  minW: string;
  /** Screen-reader name of the expand-toggle column. */
  toggleHeader: string;
  /** The column headers after the toggle column. */
  headers: ReactNode;
  /** One ExpandableRow per item, opened and closed by `disclosure`. */
  row: (item: T, disclosure: RowDisclosure) => ReactNode;
  noun?: ListNounProp;
  /** Above the table, inside the list's stack. */
  before?: ReactNode;
  /** The table's name for its scroll region (keyboard users focus it to scroll). */
  scrollLabel?: string;
}

/** Loading, error and empty states, then a table of expandable rows with 'Load more' under it. */
export function PagedTable<T extends { id: string }>({
  list,
  loadingLabel,
  errorTitle,
  empty,
  minW,
  toggleHeader,
  headers,
  row,
  noun,
  before,
  scrollLabel,
}: PagedTableProps<T>) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  if (list.isPending) return <PageLoader label={loadingLabel} minH="20vh" />;
  if (list.isError) {
    return (
      <ErrorState
        title={errorTitle}
        description={errorMessage(list.error)}
        onRetry={() => void list.refetch()}
        retrying={list.isRefetching}
      />
    );
  }
  const items = list.items;
  if (items.length === 0) return empty;
  return (
    <Stack gap="2">
      {before}
      <ScrollingTable label={scrollLabel}>
        <Table.Root size="sm" minW={minW}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader w="1">
                <Box srOnly>{toggleHeader}</Box>
              </Table.ColumnHeader>
              {headers}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {items.map((item) =>
              row(item, { open: open.has(item.id), onToggle: () => setOpen((s) => toggleInSet(s, item.id)) }),
            )}
          </Table.Body>
        </Table.Root>
      </ScrollingTable>
      <LoadMore
        shown={items.length}
        hasMore={list.hasNextPage}
        loading={list.isFetchingNextPage}
        onLoadMore={() => void list.fetchNextPage()}
        noun={noun}
      />
    </Stack>
  );
}
