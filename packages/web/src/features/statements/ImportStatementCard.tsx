import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, Heading, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { LuUpload } from 'react-icons/lu';
import type { TCsvMapping, TStatementFormat, TStatementImportResult } from '@vestora/contract';
import { trpc } from '../../lib/trpc';
import { errorMessage } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { useDebounced } from '../../lib/use-debounced';
import { Field } from '../../components/ui/field';
import { OptionSelect } from '../../components/ui/option-select';
import { FailedAction } from '../../components/ui/states';
import { toaster } from '../../components/ui/toaster';

const FORMATS: { value: Exclude<TStatementFormat, 'mt940'>; label: string }[] = [
  { value: 'camt053', label: 'camt.053 (ISO 20022 XML)' },
  { value: 'csv', label: 'CSV with a column mapping' },
];

type MappingKey =
  | 'date'
  | 'amount'
  | 'currency'
  | 'reference'
  | 'bankTransactionId'
  | 'counterpartyName'
  | 'counterpartyAccount'
  | 'balance';

const MAPPING_FIELDS: { key: MappingKey; label: string; required: boolean }[] = [
  { key: 'date', label: 'Date column', required: true },
  { key: 'amount', label: 'Amount column', required: true },
  { key: 'reference', label: 'Reference or description column', required: true },
  { key: 'currency', label: 'Currency column', required: false },
  { key: 'bankTransactionId', label: "Bank's transaction id column", required: false },
  { key: 'counterpartyName', label: 'Counterparty name column', required: false },
  { key: 'counterpartyAccount', label: 'Counterparty account column', required: false },
  { key: 'balance', label: 'Running balance column', required: false },
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
};

type DateFormat = NonNullable<TCsvMapping['dateFormat']>;
type Delimiter = NonNullable<TCsvMapping['delimiter']>;
interface CsvOptions {
  delimiter: Delimiter;
  dateFormat: DateFormat;
  numbers: 'dot' | 'comma';
}
const DEFAULT_OPTIONS: CsvOptions = { delimiter: ',', dateFormat: 'YYYY-MM-DD', numbers: 'dot' };
const DELIMITERS: { value: Delimiter; label: string }[] = [
  { value: ',', label: 'Comma (,)' },
  { value: ';', label: 'Semicolon (;)' },
  { value: '\t', label: 'Tab' },
];
const DATE_FORMATS: { value: DateFormat; label: string }[] = [
  { value: 'YYYY-MM-DD', label: '2026-11-04' },
  { value: 'DD.MM.YYYY', label: '04.11.2026' },
  { value: 'DD/MM/YYYY', label: '04/11/2026 (day first)' },
  { value: 'MM/DD/YYYY', label: '11/04/2026 (month first)' },
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
    delimiter: options.delimiter,
    dateFormat: options.dateFormat,
    decimalComma: options.numbers === 'comma',
  };
}

/** The import's answer in words. */
function ImportResult({ result }: { result: TStatementImportResult }) {
  return (
    <Alert.Root status={result.exceptions > 0 ? 'warning' : 'success'} role="status">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Statement imported: waiting for a second administrator</Alert.Title>
        <Alert.Description>
          {result.lines} new {result.lines === 1 ? 'line' : 'lines'}, {result.duplicates} already imported,{' '}
          {result.matched} matched, {result.exceptions} {result.exceptions === 1 ? 'exception' : 'exceptions'}. Nothing
          is credited until another administrator approves it.
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
      toaster.create({
        type: 'success',
        title: 'Statement imported',
        description: `${r.lines} new lines, ${r.matched} matched, ${r.exceptions} exceptions. Another administrator must approve it.`,
      });
      void utils.statement.invalidate();
    },
    onError: (err) =>
      toaster.create({
        type: 'error',
        title: 'Import refused',
        description: errorMessage(err, 'The file was not imported.'),
      }),
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setResult(null);
    if (!file) {
      setFileError('Choose the statement file to import.');
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
          Import a statement
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          The bank&apos;s export of the platform&apos;s account. Lines already imported are skipped; a file whose
          balances do not add up is refused.
        </Text>
      </Card.Header>
      <Card.Body>
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack gap="4">
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <Field label="Statement file" required invalid={fileError !== null} errorText={fileError}>
                <Input
                  type="file"
                  accept=".xml,.csv,.txt,text/xml,application/xml,text/csv"
                  p="1"
                  onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
                />
              </Field>
              <Field label="Format">
                <OptionSelect
                  options={FORMATS}
                  value={format}
                  onChange={(e) => setFormat(e.currentTarget.value as typeof format)}
                />
              </Field>
            </SimpleGrid>
            {format === 'csv' ? (
              <Stack as="fieldset" gap="3">
                <Text as="legend" fontWeight="medium" mb="2">
                  CSV columns (the header names in the file)
                </Text>
                <Text color="fg.muted" fontSize="sm" aria-live="polite">
                  {saved === undefined
                    ? 'Leave every column empty to use the mapping saved with the last CSV import of the same account.'
                    : savedMapping
                      ? `Leave every column empty to use the mapping saved for ${saved.bankAccount}${saved.updatedAt ? ` on ${formatDate(saved.updatedAt)}` : ''}: its column names show in grey in the fields.`
                      : `No mapping is saved for ${saved.bankAccount || 'this account'} yet: name the columns (they are saved with the import).`}
                </Text>
                <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                  <Field
                    label="Bank account (number or IBAN)"
                    optionalText=" (optional)"
                    helperText="A CSV file does not name its account: empty means the deposit account."
                  >
                    <Input
                      value={bankAccount}
                      onChange={(e) => setBankAccount(e.currentTarget.value)}
                      autoComplete="off"
                    />
                  </Field>
                  {MAPPING_FIELDS.map((f) => (
                    <Field key={f.key} label={f.label} optionalText={f.required ? undefined : ' (optional)'}>
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
                  <Field label="Separator">
                    <OptionSelect
                      options={DELIMITERS}
                      value={options.delimiter}
                      onChange={(e) => {
                        const delimiter = e.currentTarget.value as Delimiter;
                        setOptions((o) => ({ ...o, delimiter }));
                      }}
                    />
                  </Field>
                  <Field label="Dates look like">
                    <OptionSelect
                      options={DATE_FORMATS}
                      value={options.dateFormat}
                      onChange={(e) => {
                        const dateFormat = e.currentTarget.value as DateFormat;
                        setOptions((o) => ({ ...o, dateFormat }));
                      }}
                    />
                  </Field>
                  <Field label="Amounts look like">
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
              <FailedAction title="The statement was not imported" error={importStatement.error} />
            ) : null}
            {result ? <ImportResult result={result} /> : null}
            <Button
              type="submit"
              colorPalette="teal"
              alignSelf="start"
              loading={importStatement.isPending}
              loadingText="Importing..."
            >
              <LuUpload /> Import statement
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
