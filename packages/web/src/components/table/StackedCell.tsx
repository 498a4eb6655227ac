import type { ReactNode } from 'react';
import { Table, Text } from '@chakra-ui/react';

interface StackedCellProps extends Omit<Table.CellProps, 'children'> {
  primary: ReactNode;
  /** Smaller, muted second line (usually the time). */
  secondary: ReactNode;
  /** Full text for a truncated primary line. */
  title?: string;
}

/** Two facts in one cell, so a phone shows the important columns before the table needs scrolling. */
export function StackedCell({ primary, secondary, title, ...rest }: StackedCellProps) {
  return (
    <Table.Cell maxW="16rem" {...rest}>
      <Text fontWeight="medium" truncate title={title}>
        {primary}
      </Text>
      <Text fontSize="xs" color="fg.muted" truncate>
        {secondary}
      </Text>
    </Table.Cell>
  );
}

/** A timestamp as a `<time>` element with the reader's local format. */
export function Time({ iso, format }: { iso: string | null; format: (iso: string | null) => string }) {
  return iso ? <time dateTime={iso}>{format(iso)}</time> : <>{format(iso)}</>;
}
