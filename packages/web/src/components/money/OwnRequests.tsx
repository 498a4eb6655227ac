import type { ComponentType, ReactNode } from 'react';
import { Table } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDateTime, formatMoney } from '../../lib/format';
import { type TText, textOf } from '../../lib/i18n-text';
import { PAGE_SIZE } from '../../lib/money-hooks';
import { EmptyWithLink } from '../table/EmptyWithLink';
import { ExpandableRow } from '../table/ExpandableRow';
import type { Audience } from './MoneyTimeline';
import { PagedTable, type PagedList } from '../table/PagedTable';
import { StackedCell, Time } from '../table/StackedCell';
import { REQUEST_WORDS, type RequestKind } from './request-words';

interface OwnRecord {
  id: string;
  createdAt: string;
  /** Dollars; null for a Bitcoin payment not credited yet (see `amountText`). */
  amount: number | null;
}

/** What one kind of money request brings to the owner's list of them. */
export interface OwnRequestsSpec<T extends OwnRecord> {
  /** What the rows are. */
  noun: RequestKind;
  /** The empty list says where such requests are made, with a button there. */
  empty: { description: TText; to: string; label: TText };
  minW: string;
  /** The column after Status, and its cell. */
  detailHeader: TText;
  detailCell: (item: T) => ReactNode;
  /** The amount as the row shows it, when not the item's amount in dollars (a Bitcoin payment not yet credited). */
  amountText?: (item: T) => string;
  /** What goes in the Status cell. */
  status: (item: T) => ReactNode;
  /** Above the table, given the rows loaded so far. */
  before?: (items: T[]) => ReactNode;
  usePages: (input: { limit: number; userId?: string }) => PagedList<T>;
  Timeline: ComponentType<{ record: T; audience: Audience }>;
}

/** The owner's requests of one kind, newest first, each row expanding to its timeline. */
export function OwnRequests<T extends OwnRecord>({
  spec,
  userId,
}: {
  spec: OwnRequestsSpec<T>;
  userId: string | undefined;
}) {
  const { t } = useLingui();
  const { noun, empty, Timeline } = spec;
  const words = REQUEST_WORDS[noun];
  const list = spec.usePages({ limit: PAGE_SIZE, userId });

  return (
    <PagedTable
      list={list}
      loadingLabel={words.loadingYours()}
      errorTitle={words.yoursFailed()}
      empty={
        <EmptyWithLink
          title={words.noneYet()}
          description={textOf(empty.description)}
          to={empty.to}
          label={textOf(empty.label)}
        />
      }
      before={spec.before?.(list.items)}
      minW={spec.minW}
      toggleHeader={t`Timeline`}
      headers={
        <>
          <Table.ColumnHeader textAlign="end">
            <Trans>Amount</Trans>
          </Table.ColumnHeader>
          <Table.ColumnHeader>
            <Trans>Status</Trans>
          </Table.ColumnHeader>
          <Table.ColumnHeader>{textOf(spec.detailHeader)}</Table.ColumnHeader>
        </>
      }
      noun={noun}
      row={(item, disclosure) => {
        const amount = spec.amountText?.(item) ?? formatMoney(item.amount);
        return (
          <ExpandableRow
            key={item.id}
            {...disclosure}
            label={words.ownTimeline(amount)}
            colSpan={4}
            details={() => <Timeline record={item} audience="owner" />}
          >
            <StackedCell
              textAlign="end"
              fontVariantNumeric="tabular-nums"
              primary={amount}
              secondary={<Time iso={item.createdAt} format={formatDateTime} />}
            />
            <Table.Cell>{spec.status(item)}</Table.Cell>
            {spec.detailCell(item)}
          </ExpandableRow>
        );
      }}
    />
  );
}
