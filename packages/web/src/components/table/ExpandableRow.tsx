import { useId, type ReactNode } from 'react';
import { Box, IconButton, Table } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { LuChevronDown, LuChevronRight } from 'react-icons/lu';

interface ExpandableRowProps {
  open: boolean;
  onToggle: () => void;
  /** What the toggle reveals, read by screen readers: "details of the deposit of $25.00" ("Show …", "Hide …"). */
  label: string;
  /** Number of columns including the toggle column, for the details row. */
  colSpan: number;
  /** The row's other cells. */
  children: ReactNode;
  /** Rendered (and so fetched) only while open. */
  details: () => ReactNode;
}

/** A table row with a disclosure button in its first cell and a full-width details row under it. */
export function ExpandableRow({ open, onToggle, label, colSpan, children, details }: ExpandableRowProps) {
  const { t } = useLingui();
  const detailsId = useId();
  const name = open ? t`Hide ${label}` : t`Show ${label}`;
  return (
    <>
      <Table.Row data-state={open ? 'open' : 'closed'} bg={open ? 'bg.muted' : undefined}>
        <Table.Cell w="1" pe="0">
          <IconButton
            size="xs"
            variant="ghost"
            aria-expanded={open}
            aria-controls={open ? detailsId : undefined}
            aria-label={name}
            onClick={onToggle}
          >
            {open ? (
              <LuChevronDown />
            ) : (
              // Points the way the row's text reads: left in Arabic.
              <Box as="span" display="inline-flex" _rtl={{ transform: 'scaleX(-1)' }}>
                <LuChevronRight />
              </Box>
            )}
          </IconButton>
        </Table.Cell>
        {children}
      </Table.Row>
      {open ? (
        <Table.Row id={detailsId} bg="bg.subtle">
          <Table.Cell colSpan={colSpan} py="4">
            {/* Sticky so the details stay readable while a wide table is scrolled sideways on a phone. */}
            <Box position="sticky" insetStart="3" maxW="min(48rem, calc(100vw - 3rem))" whiteSpace="normal">
              {details()}
            </Box>
          </Table.Cell>
        </Table.Row>
      ) : null}
    </>
  );
}

/** Open/closed state for a set of expandable rows. */
export function toggleInSet(set: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(set);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}
