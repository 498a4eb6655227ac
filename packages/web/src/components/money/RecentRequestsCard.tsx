import type { ReactNode } from 'react';
import { Badge, Card, Heading, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSession } from '../../lib/session';
import { errorMessage } from '../../lib/errors';
import { formatDateTime, formatMoney } from '../../lib/format';
import { type TText, textOf } from '../../lib/i18n-text';
import { EmptyState, ErrorState, PageLoader } from '../ui/states';
import type { DEPOSIT_STATUS } from '../../lib/money-labels';
import { REQUEST_WORDS, kindOf } from './request-words';
import { ScrollingTable } from '../table/ScrollCue';

interface RecentItem {
  id: string;
  createdAt: string;
  userEmail: string;
  /** Dollars; null for a Bitcoin payment not credited yet (its `amount` cell says what it is). */
  amount: number | null;
}

/** What one kind of request declares for its recent-requests card: the words and the columns after Amount. */
export type RecentRequestsSpec = Pick<
  RecentRequestsCardProps<RecentItem>,
  'headingId' | 'heading' | 'noun' | 'emptyDescription' | 'minW' | 'columns' | 'actionColumn'
>;

interface RecentRequestsCardProps<T extends RecentItem> {
  headingId: string;
  /** The heading for a user; an admin, who sees everyone's requests and a User column, reads "Recent … (all users)". */
  heading: TText;
  /** What the rows are: "deposits", "withdrawals". */
  noun: 'deposits' | 'withdrawals';
  query: {
    isPending: boolean;
    isError: boolean;
    error: unknown;
    data: { items: T[] } | undefined;
    refetch: () => unknown;
  };
  emptyDescription: TText;
  minW: string;
  /** The column headers after Amount. */
  columns: readonly TText[];
  /** A last header, aligned to the end, over the rows' actions. */
  actionColumn?: TText;
  /** The cells after Amount. */
  cells: (item: T) => ReactNode;
  /** What the Amount cell shows, when not the item's amount in dollars (a Bitcoin deposit not yet credited). */
  amount?: (item: T) => ReactNode;
  /** Inside the card, after its body (dialogs). */
  children?: ReactNode;
}

/** A card with the latest deposits or withdrawals: date, (user,) amount, then the caller's columns. */
export function RecentRequestsCard<T extends RecentItem>({
  headingId,
  heading,
  noun,
  query,
  emptyDescription,
  minW,
  columns,
  actionColumn,
  cells,
  amount,
  children,
}: RecentRequestsCardProps<T>) {
  const { t } = useLingui();
  const { isAdmin: showUser } = useSession();
  const words = REQUEST_WORDS[kindOf(noun)];
  return (
    <Card.Root as="section" aria-labelledby={headingId}>
      <Card.Header>
        <Heading as="h2" id={headingId} size="lg">
          {showUser ? words.recentAllUsers() : textOf(heading)}
        </Heading>
      </Card.Header>
      <Card.Body>
        {query.isPending ? (
          <PageLoader label={words.loading()} minH="10rem" />
        ) : query.isError ? (
          <ErrorState
            title={words.couldNotLoadYours()}
            description={errorMessage(query.error, t`Please try again.`)}
            onRetry={() => void query.refetch()}
          />
        ) : !query.data?.items.length ? (
          <EmptyState title={words.noneYet()} description={textOf(emptyDescription)} />
        ) : (
          <ScrollingTable>
            <Table.Root size="sm" minW={minW}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>
                    <Trans>Date</Trans>
                  </Table.ColumnHeader>
                  {showUser && (
                    <Table.ColumnHeader>
                      <Trans>User</Trans>
                    </Table.ColumnHeader>
                  )}
                  <Table.ColumnHeader textAlign="end">
                    <Trans>Amount</Trans>
                  </Table.ColumnHeader>
                  {columns.map((column, i) => (
                    <Table.ColumnHeader key={i}>{textOf(column)}</Table.ColumnHeader>
                  ))}
                  {actionColumn ? (
                    <Table.ColumnHeader textAlign="end">{textOf(actionColumn)}</Table.ColumnHeader>
                  ) : null}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {query.data.items.map((item) => (
                  <Table.Row key={item.id}>
                    <Table.Cell whiteSpace="nowrap">{formatDateTime(item.createdAt)}</Table.Cell>
                    {showUser && <Table.Cell>{item.userEmail}</Table.Cell>}
                    <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums" whiteSpace="nowrap">
                      {amount ? amount(item) : formatMoney(item.amount)}
                    </Table.Cell>
                    {cells(item)}
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </ScrollingTable>
        )}
      </Card.Body>
      {children}
    </Card.Root>
  );
}

/** A status badge, with the rejection reason under it. */
export function StatusCell({
  status,
  shown,
  reason,
}: {
  status: string;
  /** The status's entry in DEPOSIT_STATUS / WITHDRAWAL_STATUS. */
  shown: (typeof DEPOSIT_STATUS)[keyof typeof DEPOSIT_STATUS];
  reason: string | null;
}) {
  return (
    <Table.Cell>
      <Badge colorPalette={shown.palette}>{shown.label}</Badge>
      {status === 'rejected' && reason && (
        <Text fontSize="xs" color="fg.muted" mt="1">
          {reason}
        </Text>
      )}
    </Table.Cell>
  );
}
