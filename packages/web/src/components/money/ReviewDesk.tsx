import type { ReactNode } from 'react';
import { Button, Flex, Stack, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDateTime, formatRequestAmount } from '../../lib/format';
import { type TText, textOf } from '../../lib/i18n-text';
import { EmptyState } from '../ui/states';
import { DeskFilters, type DeskFiltersProps } from '../table/Filters';
import { ExpandableRow } from '../table/ExpandableRow';
import { PagedTable, type PagedList } from '../table/PagedTable';
import { StackedCell, Time } from '../table/StackedCell';
import { useUserNames } from '../../lib/user-hooks';
import { REQUEST_WORDS, type RequestKind } from './request-words';

/** What every reviewed money request has. */
export interface DeskRecord {
  id: string;
  userId: string;
  userEmail: string;
  createdAt: string;
  amount: number;
  status: string;
  reviewedBy: string | null;
}

interface ReviewDeskProps<T extends DeskRecord, S extends string> {
  /** From useReviewDesk: the filters and whether only pending requests are listed. */
  desk: { filters: DeskFiltersProps<S>; pendingOnly: boolean };
  list: PagedList<T>;
  /** What the rows are. */
  noun: RequestKind;
  emptyPendingDescription: TText;
  minW: string;
  /** The header of the column between Amount and Status. */
  detailHeader: TText;
  /** The expand toggle's subject: "timeline of the deposit of $25.00 from a@b.c". */
  rowLabel: (item: T) => string;
  timeline: (item: T, reviewer: string | null) => ReactNode;
  /** The review buttons of a pending request. */
  actions: (item: T, size?: 'sm') => ReactNode;
  detailCell: (item: T) => ReactNode;
  statusBadge: (item: T) => ReactNode;
  /** The Review column once the request is no longer pending. */
  reviewed: (item: T, reviewer: string | null) => ReactNode;
  /** The review dialog. */
  dialog: ReactNode;
}

/**
 * A money review desk: the filters, then a table of User, Amount, a detail column, Status and Review,
 * each row expanding to its timeline, and the review dialog.
 */
export function ReviewDesk<T extends DeskRecord, S extends string>({
  desk,
  list,
  noun,
  emptyPendingDescription,
  minW,
  detailHeader,
  rowLabel,
  timeline,
  actions,
  detailCell,
  statusBadge,
  reviewed,
  dialog,
}: ReviewDeskProps<T, S>) {
  const { pendingOnly } = desk;
  // Reviewers' emails: only the admins named on the rows loaded so far are looked up.
  const reviewers = useUserNames(list.items.map((item) => item.reviewedBy));
  const { t } = useLingui();
  const words = REQUEST_WORDS[noun];
  return (
    <Stack gap="4">
      <DeskFilters {...desk.filters} />

      <PagedTable
        list={list}
        loadingLabel={words.loading()}
        errorTitle={words.listFailed()}
        empty={
          <EmptyState
            title={pendingOnly ? words.noneWaiting() : words.noneMatch()}
            description={pendingOnly ? textOf(emptyPendingDescription) : t`Try another status or user.`}
          />
        }
        minW={minW}
        toggleHeader={t`Timeline`}
        headers={
          <>
            <Table.ColumnHeader>
              <Trans>User</Trans>
            </Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">
              <Trans>Amount</Trans>
            </Table.ColumnHeader>
            <Table.ColumnHeader>{textOf(detailHeader)}</Table.ColumnHeader>
            <Table.ColumnHeader>
              <Trans>Status</Trans>
            </Table.ColumnHeader>
            <Table.ColumnHeader>
              <Trans>Review</Trans>
            </Table.ColumnHeader>
          </>
        }
        noun={noun}
        row={(item, disclosure) => {
          const reviewer = item.reviewedBy ? (reviewers.byId.get(item.reviewedBy)?.email ?? null) : null;
          const pending = item.status === 'pending';
          return (
            <ExpandableRow
              key={item.id}
              {...disclosure}
              label={rowLabel(item)}
              colSpan={6}
              details={() => (
                <Stack gap="3">
                  {timeline(item, reviewer)}
                  {/* Also here: on a phone the Review column is off screen. */}
                  {pending ? actions(item, 'sm') : null}
                </Stack>
              )}
            >
              <StackedCell
                primary={item.userEmail}
                title={item.userEmail}
                secondary={<Time iso={item.createdAt} format={formatDateTime} />}
              />
              <Table.Cell textAlign="end" whiteSpace="nowrap" fontWeight="semibold" fontVariantNumeric="tabular-nums">
                {formatRequestAmount(item)}
              </Table.Cell>
              {detailCell(item)}
              <Table.Cell>{statusBadge(item)}</Table.Cell>
              <Table.Cell>{pending ? actions(item) : reviewed(item, reviewer)}</Table.Cell>
            </ExpandableRow>
          );
        }}
      />

      {dialog}
    </Stack>
  );
}

interface ReviewActionsProps {
  /** The accepting verb: "Confirm", "Approve". */
  acceptLabel: string;
  /** The buttons' accessible names: "Confirm the deposit of $25.00 from a@b.c", "Reject the deposit of…". */
  acceptName: string;
  rejectName: string;
  onAccept: () => void;
  onReject: () => void;
  size?: 'xs' | 'sm';
  /** Why this admin may not review it (their own request: four eyes); the buttons are disabled and say so. */
  blockedReason?: string | undefined;
}

/** The accept / reject pair of a pending request on a money desk. */
export function ReviewActions({
  acceptLabel,
  acceptName,
  rejectName,
  onAccept,
  onReject,
  size = 'xs',
  blockedReason,
}: ReviewActionsProps) {
  const blocked = blockedReason !== undefined;
  return (
    <Stack gap="1" align="start">
      <Flex gap="2">
        <Button
          size={size}
          colorPalette="teal"
          onClick={onAccept}
          disabled={blocked}
          title={blockedReason}
          aria-label={acceptName}
        >
          {acceptLabel}
        </Button>
        <Button
          size={size}
          colorPalette="red"
          variant="outline"
          onClick={onReject}
          disabled={blocked}
          title={blockedReason}
          aria-label={rejectName}
        >
          <Trans>Reject</Trans>
        </Button>
      </Flex>
      {blocked ? (
        <Text fontSize="xs" color="fg.muted" maxW="16rem">
          {blockedReason}
        </Text>
      ) : null}
    </Stack>
  );
}
