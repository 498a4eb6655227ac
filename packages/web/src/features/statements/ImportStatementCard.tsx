import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, Heading, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { LuUpload } from 'react-icons/lu';
import { type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import {
  STATEMENT_IMPORT_MAX_CHARS,
  STATEMENT_IMPORT_MAX_MB,
  type TCsvMapping,
  type TStatementFormat,
  type TStatementImportResult,
} from '@vestora/contract';
import { trpc } from '../../lib/trpc';
import { errorMessage } from '../../lib/errors';
import { formatDate, formatDecimal, formatMoney } from '../../lib/format';
import { useDebounced } from '../../lib/use-debounced';
import { Field } from '../../components/ui/field';
import { OptionSelect } from '../../components/ui/option-select';
import { FailedAction } from '../../components/ui/states';
import { toaster } from '../../components/ui/toaster';

const FORMATS: { value: Exclude<TStatementFormat, 'mt940'>; label: MessageDescriptor }[] = [
  { value: 'camt053', label: msg`camt.053 (ISO 20022 XML)` },
  { value: 'csv', label: msg`CSV with a column mapping` },
];

type MappingKey =
  | 'date'
  | 'amount'
  | 'currency'
  | 'reference'
  | 'bankTransactionId'
  | 'counterpartyName'
  | 'counterpartyAccount'
  | 'balance'
  | 'transactionCode';

const MAPPING_FIELDS: { key: MappingKey; label: MessageDescriptor; required: boolean }[] = [
  { key: 'date', label: msg`Date column`, required: true },
  { key: 'amount', label: msg`Amount column`, required: true },
  { key: 'reference', label: msg`Reference or description column`, required: true },
  { key: 'currency', label: msg`Currency column`, required: false },
  { key: 'bankTransactionId', label: msg`Bank's transaction id column`, required: false },
  { key: 'counterpartyName', label: msg`Counterparty name column`, required: false },
  { key: 'counterpartyAccount', label: msg`Counterparty account column`, required: false },
  { key: 'balance', label: msg`Running balance column`, required: false },
  { key: 'transactionCode', label: msg`Bank's transaction code column (bank fees: CHRG)`, required: false },
];

const EMPTY_MAPPING: Record<MappingKey, string> = {
  date: '',
  amount: '',
  currency: '',
  reference: '',
  bankTransactionId: '',
  counterpartyName: '',
  counterpartyAccount: '',
  balance: '',
  transactionCode: '',
};

type DateFormat = NonNullable<TCsvMapping['dateFormat']>;
type Delimiter = NonNullable<TCsvMapping['delimiter']>;
interface CsvOptions {
  delimiter: Delimiter;
  dateFormat: DateFormat;
  numbers: 'dot' | 'comma';
}
const DEFAULT_OPTIONS: CsvOptions = { delimiter: ',', dateFormat: 'YYYY-MM-DD', numbers: 'dot' };
const DELIMITERS: { value: Delimiter; label: MessageDescriptor }[] = [
  { value: ',', label: msg`Comma (,)` },
  { value: ';', label: msg`Semicolon (;)` },
  { value: '\t', label: msg`Tab` },
];
const DATE_FORMATS: { value: DateFormat; label: MessageDescriptor }[] = [
  { value: 'YYYY-MM-DD', label: msg`2026-11-04` },
  { value: 'DD.MM.YYYY', label: msg`04.11.2026` },
  { value: 'DD/MM/YYYY', label: msg`04/11/2026 (day first)` },
  { value: 'MM/DD/YYYY', label: msg`11/04/2026 (month first)` },
];
const NUMBER_FORMATS: { value: CsvOptions['numbers']; label: string }[] = [
  { value: 'dot', label: '1,234.56' },
  { value: 'comma', label: '1.234,56' },
];

/** The mapping to send: none when every column is empty (the server then uses the account's saved mapping). */
function mappingToSend(fields: Record<MappingKey, string>, options: CsvOptions): TCsvMapping | undefined {
  const v = (k: MappingKey) => fields[k].trim() || undefined;
  if (MAPPING_FIELDS.every((f) => !v(f.key))) return undefined;
  return {
    date: v('date') ?? '',
    amount: v('amount') ?? '',
    reference: v('reference') ?? '',
    currency: v('currency'),
    bankTransactionId: v('bankTransactionId'),
    counterpartyName: v('counterpartyName'),
    counterpartyAccount: v('counterpartyAccount'),
    balance: v('balance'),
    transactionCode: v('transactionCode'),
    delimiter: options.delimiter,
    dateFormat: options.dateFormat,
    decimalComma: options.numbers === 'comma',
  };
}

/** The import's answer in words. */
function ImportResult({ result }: { result: TStatementImportResult }) {
  const lines = result.lines;
  const duplicates = result.duplicates;
  const matched = result.matched;
  const exceptions = result.exceptions;
  const credits = formatMoney(result.fileCredits);
  const debits = formatMoney(result.fileDebits);
  return (
    <Alert.Root status={result.exceptions > 0 ? 'warning' : 'success'} role="status">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>
          <Trans>Statement imported: waiting for a second administrator</Trans>
        </Alert.Title>
        <Alert.Description>
          <Trans>
            <Plural value={lines} one="# new line" other="# new lines" />, {duplicates} already imported, {matched}{' '}
            matched, <Plural value={exceptions} one="# exception" other="# exceptions" />. Nothing is credited until
            another administrator approves it.
          </Trans>{' '}
          <Trans>
            The file holds {credits} in and {debits} out.
          </Trans>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/**
 * Import a bank statement file: camt.053, or CSV with the bank's column names (left empty, the mapping saved for
 * the account is used). The import is a proposal: the list below shows it for another admin to approve.
 */
export function ImportStatementCard() {
  const { t, i18n } = useLingui();
  const utils = trpc.useUtils();
  const [format, setFormat] = useState<Exclude<TStatementFormat, 'mt940'>>('camt053');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [mapping, setMapping] = useState(EMPTY_MAPPING);
  const [options, setOptions] = useState(DEFAULT_OPTIONS);
  const [bankAccount, setBankAccount] = useState('');
  const [result, setResult] = useState<TStatementImportResult | null>(null);
  const accountForMapping = useDebounced(bankAccount.trim() || undefined, 300);
  const saved = trpc.statement.csvMapping.useQuery(
    { bankAccount: accountForMapping },
    { enabled: format === 'csv' },
  ).data;
  const savedMapping = saved?.mapping ?? null;
  const importStatement = trpc.statement.import.useMutation({
    onSuccess: (r) => {
      setResult(r);
      const lines = r.lines;
      const matched = r.matched;
      const exceptions = r.exceptions;
      toaster.create({
        type: 'success',
        title: t`Statement imported`,
        description: t`${lines} new lines, ${matched} matched, ${exceptions} exceptions. Another administrator must approve it.`,
      });
      void utils.statement.invalidate();
    },
    onError: (err) =>
      toaster.create({
        type: 'error',
        title: t`Import refused`,
        description: errorMessage(err, t`The file was not imported.`),
      }),
  });

  const maxMb = STATEMENT_IMPORT_MAX_MB;
  const optionalWord = t`(optional)`;
  const optional = ` ${optionalWord}`;
  const savedMappingNote = (): string => {
    if (saved === undefined)
      return t`Leave every column empty to use the mapping stored for the account (a second administrator approves a stored mapping).`;
    const account = saved.bankAccount;
    if (!savedMapping)
      return account
        ? t`No mapping is stored for ${account} yet: name the columns (they read this file only; a stored mapping needs a second administrator's approval).`
        : t`No mapping is stored for this account yet: name the columns (they read this file only; a stored mapping needs a second administrator's approval).`;
    if (saved.updatedAt) {
      const date = formatDate(saved.updatedAt);
      return t`Leave every column empty to use the mapping saved for ${account} on ${date}: its column names show in grey in the fields.`;
    }
    return t`Leave every column empty to use the mapping saved for ${account}: its column names show in grey in the fields.`;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setResult(null);
    if (!file) {
      setFileError(t`Choose the statement file to import.`);
      return;
    }
    if (file.size > STATEMENT_IMPORT_MAX_CHARS) {
      const size = formatDecimal(Math.ceil((file.size / 1024 / 1024) * 10) / 10);
      const max = STATEMENT_IMPORT_MAX_MB;
      setFileError(
        t`This file is ${size} MB; the import takes statements of up to ${max} MB. Import it with pnpm cli statement:import, or ask the bank for one file per shorter period.`,
      );
      return;
    }
    setFileError(null);
    const content = await file.text();
    importStatement.mutate({
      format,
      content,
      mapping: format === 'csv' ? mappingToSend(mapping, options) : undefined,
      bankAccount: format === 'csv' ? bankAccount.trim() || undefined : undefined,
    });
  };

  return (
    <Card.Root>
      <Card.Header>
        <Heading as="h2" size="lg">
          <Trans>Import a statement</Trans>
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          <Trans>
            The bank&apos;s export of the platform&apos;s account. Lines already imported are skipped; a file whose
            balances do not add up is refused.
          </Trans>
        </Text>
      </Card.Header>
      <Card.Body>
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack gap="4">
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <Field
                label={t`Statement file`}
                required
                invalid={fileError !== null}
                errorText={fileError}
                helperText={t`Up to ${maxMb} MB (larger files: pnpm cli statement:import).`}
              >
                <Input
                  type="file"
                  accept=".xml,.csv,.txt,text/xml,application/xml,text/csv"
                  p="1"
                  onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
                />
              </Field>
              <Field label={t`Format`}>
                <OptionSelect
                  options={FORMATS.map((o) => ({ value: o.value, label: i18n._(o.label) }))}
                  value={format}
                  onChange={(e) => setFormat(e.currentTarget.value as typeof format)}
                />
              </Field>
            </SimpleGrid>
            {format === 'csv' ? (
              <Stack as="fieldset" gap="3">
                <Text as="legend" fontWeight="medium" mb="2">
                  <Trans>CSV columns (the header names in the file)</Trans>
                </Text>
                <Text color="fg.muted" fontSize="sm" aria-live="polite">
                  {savedMappingNote()}
                </Text>
                <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                  <Field
                    label={t`Bank account (number or IBAN)`}
                    optionalText={optional}
                    helperText={t`A CSV file does not name its account: empty means the deposit account.`}
                  >
                    <Input
                      value={bankAccount}
                      onChange={(e) => setBankAccount(e.currentTarget.value)}
                      autoComplete="off"
                    />
                  </Field>
                  {MAPPING_FIELDS.map((f) => (
                    <Field key={f.key} label={i18n._(f.label)} optionalText={f.required ? undefined : optional}>
                      <Input
                        value={mapping[f.key]}
                        placeholder={savedMapping?.[f.key] ?? undefined}
                        onChange={(e) => {
                          const value = e.currentTarget.value;
                          setMapping((m) => ({ ...m, [f.key]: value }));
                        }}
                        autoComplete="off"
                      />
                    </Field>
                  ))}
                  <Field label={t`Separator`}>
                    <OptionSelect
                      options={DELIMITERS.map((o) => ({ value: o.value, label: i18n._(o.label) }))}
                      value={options.delimiter}
                      onChange={(e) => {
                        const delimiter = e.currentTarget.value as Delimiter;
                        setOptions((o) => ({ ...o, delimiter }));
                      }}
                    />
                  </Field>
                  <Field label={t`Dates look like`}>
                    <OptionSelect
                      options={DATE_FORMATS.map((o) => ({ value: o.value, label: i18n._(o.label) }))}
                      value={options.dateFormat}
                      onChange={(e) => {
                        const dateFormat = e.currentTarget.value as DateFormat;
                        setOptions((o) => ({ ...o, dateFormat }));
                      }}
                    />
                  </Field>
                  <Field label={t`Amounts look like`}>
                    <OptionSelect
                      options={NUMBER_FORMATS}
                      value={options.numbers}
                      onChange={(e) => {
                        const numbers = e.currentTarget.value as CsvOptions['numbers'];
                        setOptions((o) => ({ ...o, numbers }));
                      }}
                    />
                  </Field>
                </SimpleGrid>
              </Stack>
            ) : null}
            {importStatement.isError ? (
              <FailedAction title={t`The statement was not imported`} error={importStatement.error} />
            ) : null}
            {result ? <ImportResult result={result} /> : null}
            <Button
              type="submit"
              colorPalette="teal"
              alignSelf="start"
              loading={importStatement.isPending}
              loadingText={t`Importing...`}
            >
              <LuUpload /> <Trans>Import statement</Trans>
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
