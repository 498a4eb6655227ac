import { Table } from '@chakra-ui/react';
import type { TWithdrawal } from '@vestora/contract';
import { WITHDRAWAL_METHOD_LABELS } from '../../lib/money-labels';
import { StackedCell } from '../table/StackedCell';

/** A deposit's transfer reference, cut to `maxW` with the whole of it on hover. */
export function TransferReferenceCell({ reference, maxW }: { reference: string; maxW: string }) {
  return (
    <Table.Cell maxW={maxW} truncate title={reference}>
      {reference}
    </Table.Cell>
  );
}

/** Where a withdrawal is paid: the method over the account details. */
export function PayToCell({ withdrawal: w }: { withdrawal: Pick<TWithdrawal, 'method' | 'details'> }) {
  return <StackedCell primary={WITHDRAWAL_METHOD_LABELS[w.method]} secondary={w.details} title={w.details} />;
}
