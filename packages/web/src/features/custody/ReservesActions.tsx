import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Code,
  Field,
  Heading,
  Input,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  chakra,
} from '@chakra-ui/react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { LuFileCheck2 } from 'react-icons/lu';
import { parseUnits, translate, type TReservesPublishResult } from '@vestora/contract';
import { OptionSelect } from '../../components/ui/option-select';
import { ErrorState, PageLoader } from '../../components/ui/states';
import { toaster } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { reserveAmount } from '../reserves/reserves-format';

/**
 * What the operator holds of a coin the server cannot read itself (reserves.declare): the public Reserves page shows
 * it marked as declared. Bitcoin (read from the chain) and dollars (the bank statement) are not offered.
 */
function DeclareReserves() {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const summary = trpc.reserves.summary.useQuery(undefined, { staleTime: 10_000 });
  const declarable = (summary.data?.assets ?? []).filter((a) => a.source === 'declared');
  const [picked, setPicked] = useState<string | null>(null);
  const asset = declarable.find((a) => a.asset === picked) ?? declarable[0];
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const declare = trpc.reserves.declare.useMutation({
    onSuccess: (next, input) => {
      utils.reserves.summary.setData(undefined, next);
      const declared = next.assets.find((a) => a.asset === input.asset);
      const shown = declared ? reserveAmount(declared.reserves, declared.asset, declared.scale) : input.amount;
      toaster.create({
        type: 'success',
        title: t`Reserves declared`,
        description: t`The Reserves page now shows ${shown}, marked as declared.`,
      });
      setAmount('');
      setNote('');
    },
    onError: (err) => setServerError(errorMessage(err, t`The reserves could not be declared. Please try again.`)),
  });

  if (summary.isPending) return <PageLoader label={t`Loading the reserves...`} minH="8rem" />;
  if (summary.isError)
    return (
      <ErrorState
        title={t`Could not load the reserves`}
        description={errorMessage(summary.error)}
        onRetry={() => void summary.refetch()}
        retrying={summary.isRefetching}
      />
    );
  if (!asset)
    return (
      <Text fontSize="sm" color="fg.muted">
        <Trans>Every asset's reserves are read by the server (the chain, the bank statement): none is declared.</Trans>
      </Text>
    );

  const submit = () => {
    setServerError(null);
    const parsed = parseUnits(amount.trim(), asset.scale);
    setAmountError(parsed.ok ? null : translate(parsed.message));
    if (!parsed.ok) return;
    declare.mutate({ asset: asset.asset, amount: amount.trim(), ...(note.trim() ? { note: note.trim() } : {}) });
  };
  const current = reserveAmount(asset.reserves, asset.asset, asset.scale);
  const asOf = formatDateTime(asset.asOf);
  const symbol = asset.asset;
  return (
    <chakra.form
      noValidate
      aria-labelledby="declare-reserves-title"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack gap="4">
        <Heading as="h3" size="sm" id="declare-reserves-title">
          <Trans>Declare a coin's reserves</Trans>
        </Heading>
        <Text fontSize="sm" color="fg.muted" data-testid="declared-now">
          {asset.reserves === null ? (
            <Trans>Nothing is declared for {symbol} yet.</Trans>
          ) : (
            <Trans>
              Declared now: {current} ({asOf}).
            </Trans>
          )}
        </Text>
        {serverError ? (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{serverError}</Alert.Title>
          </Alert.Root>
        ) : null}
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <Field.Root disabled={declare.isPending}>
            <Field.Label>
              <Trans>Asset</Trans>
            </Field.Label>
            <OptionSelect
              options={declarable.map((a) => ({ value: a.asset, label: a.asset }))}
              value={asset.asset}
              onChange={(e) => {
                setPicked(e.currentTarget.value);
                setAmountError(null);
              }}
            />
          </Field.Root>
          <Field.Root required invalid={!!amountError} disabled={declare.isPending}>
            <Field.Label>
              <Trans>Amount held ({symbol})</Trans> <Field.RequiredIndicator />
            </Field.Label>
            <Input
              value={amount}
              onChange={(e) => setAmount(e.currentTarget.value)}
              inputMode="decimal"
              dir="ltr"
              autoComplete="off"
            />
            <Field.ErrorText>{amountError}</Field.ErrorText>
          </Field.Root>
        </SimpleGrid>
        <Field.Root disabled={declare.isPending}>
          <Field.Label>
            <Trans>Note (where it is held)</Trans>
          </Field.Label>
          <Textarea value={note} onChange={(e) => setNote(e.currentTarget.value)} maxLength={500} rows={2} />
        </Field.Root>
        <Button type="submit" colorPalette="teal" alignSelf="flex-start" loading={declare.isPending}>
          <Trans>Declare</Trans>
        </Button>
      </Stack>
    </chakra.form>
  );
}

/** What a publish did: a new tree, or the month as it already was. */
function PublishOutcome({ result }: { result: TReservesPublishResult }) {
  const month = result.month;
  const builtAt = formatDateTime(result.root.builtAt);
  return (
    <Alert.Root status={result.published ? 'success' : 'info'} role="status" data-testid="publish-result">
      <Alert.Indicator />
      <Alert.Content minW="0">
        <Alert.Title>
          {result.published ? (
            <Plural
              value={result.root.leafCount}
              one={`${month} published: the tree holds # member's balances.`}
              other={`${month} published: the tree holds # members' balances.`}
            />
          ) : (
            <Trans>
              {month} was already published ({builtAt}): nothing changed.
            </Trans>
          )}
        </Alert.Title>
        <Alert.Description>
          <Trans>Root hash:</Trans>{' '}
          <Code fontSize="xs" overflowWrap="anywhere" wordBreak="break-all" data-testid="publish-root-hash">
            {result.root.hash}
          </Code>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/** Publishes the last closed month's Merkle-sum tree of members' balances now (the monthly job does it too). */
function PublishMonth() {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const [result, setResult] = useState<TReservesPublishResult | null>(null);
  const publish = trpc.reserves.publish.useMutation({
    onSuccess: async (r) => {
      setResult(r);
      const month = r.month;
      toaster.create(
        r.published
          ? {
              type: 'success',
              title: t`Month published`,
              description: t`${month}'s balance tree is on the Reserves page.`,
            }
          : {
              type: 'info',
              title: t`Already published`,
              description: t`${month} was published before: nothing changed.`,
            },
      );
      await utils.reserves.summary.invalidate();
    },
    onError: (err) =>
      toaster.create({
        type: 'error',
        title: t`Could not publish the month`,
        description: errorMessage(err, t`The month could not be published. Please try again.`),
      }),
  });
  return (
    <Stack gap="3" as="section" aria-labelledby="publish-month-title">
      <Heading as="h3" size="sm" id="publish-month-title">
        <Trans>Publish the month's liabilities</Trans>
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        <Trans>
          Builds the last closed month's Merkle-sum tree of every member's balances and publishes its root on the
          Reserves page, where members check their proof. A month is published once; the monthly job does it too.
        </Trans>
      </Text>
      <Button
        alignSelf="flex-start"
        colorPalette="teal"
        variant="outline"
        onClick={() => publish.mutate()}
        loading={publish.isPending}
      >
        <LuFileCheck2 /> <Trans>Publish last month's root</Trans>
      </Button>
      {result ? <PublishOutcome result={result} /> : null}
    </Stack>
  );
}

/** Money desk, Reserves (admins): declare a coin's reserves and publish the month's liabilities root. */
export function ReservesActions() {
  return (
    <Card.Root as="section" aria-labelledby="reserves-actions-title">
      <Card.Header>
        <Heading as="h2" size="md" id="reserves-actions-title">
          <Trans>Reserves</Trans>
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="8">
          <DeclareReserves />
          <PublishMonth />
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
