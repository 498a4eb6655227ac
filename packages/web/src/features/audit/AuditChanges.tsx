import { fieldWords, valueWords } from './audit-words';
import { useState } from 'react';
import { Box, Button, Code, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';

type Plain = Record<string, unknown>;

const isPlainObject = (v: unknown): v is Plain => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A value in words when it is a known code, else as recorded: code style, its own direction (#34). */
function Value({ field, value, entityType }: { field: string; value: unknown; entityType?: string }) {
  const shown = valueWords(field, value, entityType);
  if (!shown.raw) return <>{shown.text}</>;
  return (
    <Code as="bdi" dir="auto" variant="plain" px="0" fontSize="inherit" wordBreak="break-word">
      {shown.text}
    </Code>
  );
}

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
  changed: boolean;
}

/** Field-by-field comparison of two audit snapshots (a missing side counts as no fields). */
export function diffSnapshots(before: unknown, after: unknown): FieldChange[] {
  const b = isPlainObject(before) ? before : {};
  const a = isPlainObject(after) ? after : {};
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return fields.map((field) => ({
    field,
    before: b[field],
    after: a[field],
    changed: JSON.stringify(b[field]) !== JSON.stringify(a[field]),
  }));
}

function JsonBlock({ title, value }: { title: string; value: unknown }) {
  return (
    <Stack gap="1" minW="0">
      <Text fontSize="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase">
        {title}
      </Text>
      <Code
        as="pre"
        display="block"
        whiteSpace="pre-wrap"
        wordBreak="break-word"
        p="3"
        fontSize="xs"
        maxH="64"
        overflow="auto"
      >
        {value === null || value === undefined ? <Trans>(nothing)</Trans> : JSON.stringify(value, null, 2)}
      </Code>
    </Stack>
  );
}

/** Before and after of one audit entry: the changed fields first, the raw snapshots on request. */
export function AuditChanges({
  before,
  after,
  entityType,
}: {
  before: unknown;
  after: unknown;
  /** Whose snapshots these are ("withdrawal", "plan"...): a status is read in that record's words. */
  entityType?: string;
}) {
  const { t } = useLingui();
  const [showAll, setShowAll] = useState(false);
  const [showJson, setShowJson] = useState(false);
  const comparable = isPlainObject(before) || isPlainObject(after);
  const changes = comparable ? diffSnapshots(before, after) : [];
  const changed = changes.filter((c) => c.changed);
  const rows = showAll ? changes : changed;
  const count = changes.length;

  return (
    <Stack gap="3" py="1">
      {comparable ? (
        <>
          {rows.length ? (
            <Box borderWidth="1px" rounded="md" overflowX="auto">
              <Table.Root size="sm" variant="line">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>
                      <Trans>Field</Trans>
                    </Table.ColumnHeader>
                    <Table.ColumnHeader>
                      <Trans>Before</Trans>
                    </Table.ColumnHeader>
                    <Table.ColumnHeader>
                      <Trans>After</Trans>
                    </Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {rows.map((c) => (
                    <Table.Row key={c.field} bg={c.changed ? 'yellow.subtle' : undefined}>
                      <Table.Cell fontWeight="medium" whiteSpace="nowrap">
                        {fieldWords(c.field)}
                      </Table.Cell>
                      <Table.Cell color={c.changed ? 'fg.error' : undefined} wordBreak="break-word" whiteSpace="normal">
                        <Value field={c.field} value={c.before} entityType={entityType} />
                      </Table.Cell>
                      <Table.Cell
                        color={c.changed ? 'fg.success' : undefined}
                        wordBreak="break-word"
                        whiteSpace="normal"
                      >
                        <Value field={c.field} value={c.after} entityType={entityType} />
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Box>
          ) : (
            <Text fontSize="sm" color="fg.muted">
              <Trans>No field changed.</Trans>
            </Text>
          )}
          <Stack direction="row" gap="2" flexWrap="wrap">
            {changes.length > changed.length ? (
              <Button size="xs" variant="outline" onClick={() => setShowAll((v) => !v)} aria-pressed={showAll}>
                {showAll ? <Trans>Only changed fields</Trans> : <Trans>Show all {count} fields</Trans>}
              </Button>
            ) : null}
            <Button size="xs" variant="outline" onClick={() => setShowJson((v) => !v)} aria-expanded={showJson}>
              {showJson ? <Trans>Hide raw JSON</Trans> : <Trans>Raw JSON</Trans>}
            </Button>
          </Stack>
        </>
      ) : null}
      {showJson || !comparable ? (
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          <JsonBlock title={t`Before`} value={before} />
          <JsonBlock title={t`After`} value={after} />
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}
