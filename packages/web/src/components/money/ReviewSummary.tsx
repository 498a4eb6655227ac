import { DataList, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDateTime, formatRequestAmount } from '../../lib/format';

/** The facts of a request shown in its review dialog, as label/value pairs. */
export function ReviewSummary({ rows }: { rows: [label: string, value: string][] }) {
  return (
    <DataList.Root orientation="horizontal" size="sm" gap="2">
      {rows.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel minW="9rem">{label}</DataList.ItemLabel>
          <DataList.ItemValue wordBreak="break-word">{value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}

/** A review dialog's body: who and how much, the request's own facts, then what the decision does. */
export function RequestSummary({
  request,
  rows,
  outcome,
}: {
  request: { userEmail: string; amount: number };
  rows: [label: string, value: string][];
  outcome: string;
}) {
  const { t } = useLingui();
  return (
    <Stack gap="3">
      <ReviewSummary rows={[[t`User`, request.userEmail], [t`Amount`, formatRequestAmount(request)], ...rows]} />
      <Text>{outcome}</Text>
    </Stack>
  );
}

/** Who reviewed a request and when, with its reason or note, in one compact cell. */
export function ReviewedBy({ name, at, note }: { name: string | null; at: string | null; note?: string | null }) {
  return (
    <Stack gap="0" fontSize="xs" color="fg.muted" minW="11rem" maxW="16rem" whiteSpace="normal">
      {name ? (
        <Text truncate title={name}>
          <Trans>by {name}</Trans>
        </Text>
      ) : null}
      <Text whiteSpace="nowrap">{formatDateTime(at)}</Text>
      {note ? (
        <Text lineClamp={2} title={note} color="fg">
          {note}
        </Text>
      ) : null}
    </Stack>
  );
}
