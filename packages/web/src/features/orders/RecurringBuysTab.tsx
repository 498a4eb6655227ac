import { useId, useState } from 'react';
import { Alert, Badge, Box, Button, Card, chakra, Field, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TRecurringBuy, TRecurringEvery } from '@vestora/contract';
import { OptionSelect } from '../../components/ui/option-select';
import { ErrorState, PageLoader } from '../../components/ui/states';
import { toaster } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { pickCoin, tradableCoins } from '../trade/ticket';
import { formatAmount, formatUsd } from '../trade/trade-format';

const EVERY_WORDS: Record<TRecurringEvery, MessageDescriptor> = {
  week: msg`Every week`,
  month: msg`Every month`,
};

/** The member's recurring buys: set one up, see each one's periods, pause, resume or delete it (#31). */
export function RecurringBuysTab({ initialCoin }: { initialCoin?: string | null }) {
  const { t } = useLingui();
  const list = trpc.recurringBuy.list.useQuery();
  return (
    <Stack gap="6">
      <NewRecurringBuy initialCoin={initialCoin} />
      <Heading as="h2" size="md">
        <Trans>Your recurring buys</Trans>
      </Heading>
      {list.isPending ? (
        <PageLoader label={t`Loading your recurring buys...`} minH="20vh" />
      ) : list.isError ? (
        <ErrorState
          title={t`Could not load your recurring buys`}
          description={errorMessage(list.error)}
          onRetry={() => void list.refetch()}
          retrying={list.isRefetching}
        />
      ) : list.data.items.length === 0 ? (
        <Text color="fg.muted" data-testid="recurring-empty">
          <Trans>No recurring buys yet.</Trans>
        </Text>
      ) : (
        <Stack gap="4" data-testid="recurring-list">
          {list.data.items.map((b) => (
            <RecurringBuyCard key={b.id} buy={b} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function NewRecurringBuy({ initialCoin }: { initialCoin?: string | null }) {
  const { t, i18n } = useLingui();
  const ids = useId();
  const utils = trpc.useUtils();
  const assets = trpc.asset.list.useQuery(undefined, { staleTime: 15_000 });
  const coins = tradableCoins(assets.data ?? []);
  const [coin, setCoin] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  const [every, setEvery] = useState<TRecurringEvery>('week');
  const [start, setStart] = useState('');
  const [error, setError] = useState<string | null>(null);
  const chosen = coin ?? pickCoin(initialCoin, coins) ?? '';
  const create = trpc.recurringBuy.create.useMutation({
    onSuccess: async (b) => {
      toaster.create({
        type: 'success',
        title: t`Recurring buy set up`,
        description: t`${formatUsd(b.amountUsd)} of ${b.asset}, first on ${formatDateTime(b.nextDueAt)}.`,
      });
      setAmount('');
      setStart('');
      await utils.recurringBuy.list.invalidate();
    },
    onError: (err) => setError(errorMessage(err, t`The recurring buy could not be set up. Please try again.`)),
  });
  if (assets.isPending) return <PageLoader label={t`Loading the coins...`} minH="10vh" />;
  if (assets.isError)
    return (
      <ErrorState
        title={t`Could not load the coins`}
        description={errorMessage(assets.error)}
        onRetry={() => void assets.refetch()}
        retrying={assets.isRefetching}
      />
    );
  return (
    <Card.Root as="section" aria-labelledby={`${ids}-title`}>
      <Card.Header>
        <Heading as="h2" id={`${ids}-title`} size="md">
          <Trans>Set up a recurring buy</Trans>
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          <Trans>
            A fixed dollar amount of a coin every week or month, bought at a fresh market price with the usual spread
            and fee. A period your balance does not cover is skipped, and you are told.
          </Trans>
        </Text>
      </Card.Header>
      <Card.Body>
        <chakra.form
          display="flex"
          flexDirection="column"
          gap="4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            setError(null);
            if (!/^\d+(\.\d{1,2})?$/.test(amount.trim())) {
              setError(t`Enter the amount in dollars, like 50 or 25.50.`);
              return;
            }
            const startAt = start ? new Date(start) : null;
            if (startAt && Number.isNaN(startAt.getTime())) {
              setError(t`Choose a valid start date and time.`);
              return;
            }
            create.mutate({
              asset: chosen,
              amountUsd: amount.trim(),
              every,
              ...(startAt ? { startAt: startAt.toISOString() } : {}),
            });
          }}
        >
          <Stack direction={{ base: 'column', md: 'row' }} gap="4">
            <Field.Root disabled={create.isPending} flex="1">
              <Field.Label>
                <Trans>Coin</Trans>
              </Field.Label>
              <OptionSelect
                data-testid="recurring-coin"
                options={coins.map((c) => ({ value: c.symbol, label: `${c.name} (${c.symbol})` }))}
                value={chosen}
                onChange={(e) => setCoin(e.currentTarget.value)}
              />
            </Field.Root>
            <Field.Root required disabled={create.isPending} flex="1">
              <Field.Label>
                <Trans>Amount (USD)</Trans> <Field.RequiredIndicator />
              </Field.Label>
              <Input
                value={amount}
                inputMode="decimal"
                autoComplete="off"
                dir="ltr"
                placeholder="50.00"
                data-testid="recurring-amount"
                onChange={(e) => setAmount(e.currentTarget.value)}
              />
            </Field.Root>
          </Stack>
          <Stack direction={{ base: 'column', md: 'row' }} gap="4">
            <Field.Root disabled={create.isPending} flex="1">
              <Field.Label>
                <Trans>How often</Trans>
              </Field.Label>
              <OptionSelect
                data-testid="recurring-every"
                options={(['week', 'month'] as const).map((v) => ({ value: v, label: i18n._(EVERY_WORDS[v]) }))}
                value={every}
                onChange={(e) => setEvery(e.currentTarget.value === 'month' ? 'month' : 'week')}
              />
            </Field.Root>
            <Field.Root disabled={create.isPending} flex="1">
              <Field.Label>
                <Trans>First buy (optional)</Trans>
              </Field.Label>
              <Input
                type="datetime-local"
                value={start}
                dir="ltr"
                data-testid="recurring-start"
                onChange={(e) => setStart(e.currentTarget.value)}
              />
              <Field.HelperText>
                <Trans>Leave empty to start now. Monthly buys fall on the same day, or the month's last day.</Trans>
              </Field.HelperText>
            </Field.Root>
          </Stack>
          {error ? (
            <Alert.Root status="error" data-testid="recurring-error">
              <Alert.Indicator />
              <Alert.Title>{error}</Alert.Title>
            </Alert.Root>
          ) : null}
          <Box>
            <Button
              type="submit"
              colorPalette="teal"
              loading={create.isPending}
              loadingText={t`Setting up...`}
              disabled={!chosen}
            >
              <Trans>Set up recurring buy</Trans>
            </Button>
          </Box>
        </chakra.form>
      </Card.Body>
    </Card.Root>
  );
}

function RecurringBuyCard({ buy }: { buy: TRecurringBuy }) {
  const { t, i18n } = useLingui();
  const utils = trpc.useUtils();
  const [error, setError] = useState<string | null>(null);
  const done = async (title: string) => {
    toaster.create({ type: 'success', title });
    await utils.recurringBuy.list.invalidate();
  };
  const failed = (err: unknown) => setError(errorMessage(err, t`That did not work. Please try again.`));
  const pause = trpc.recurringBuy.pause.useMutation({
    onSuccess: () => done(t`Recurring buy paused`),
    onError: failed,
  });
  const resume = trpc.recurringBuy.resume.useMutation({
    onSuccess: () => done(t`Recurring buy resumed`),
    onError: failed,
  });
  const remove = trpc.recurringBuy.delete.useMutation({
    onSuccess: () => done(t`Recurring buy deleted`),
    onError: failed,
  });
  const busy = pause.isPending || resume.isPending || remove.isPending;
  const usd = formatUsd(buy.amountUsd);
  const how = i18n._(EVERY_WORDS[buy.every]);
  return (
    <Card.Root size="sm" data-testid="recurring-item">
      <Card.Body gap="3">
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Heading as="h3" size="sm">
            <Trans>
              <bdi>{usd}</bdi> of <bdi>{buy.asset}</bdi> · {how}
            </Trans>
          </Heading>
          {buy.status === 'active' ? (
            <Badge colorPalette="green">
              <Trans>Active</Trans>
            </Badge>
          ) : (
            <Badge colorPalette="orange">
              <Trans>Paused</Trans>
            </Badge>
          )}
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          {buy.status === 'active' ? (
            <Trans>Next buy: {formatDateTime(buy.nextDueAt)}</Trans>
          ) : (
            <Trans>
              Paused: periods that fall due now are not bought. A resume continues from {formatDateTime(buy.nextDueAt)}.
            </Trans>
          )}
        </Text>
        <HStack gap="2" wrap="wrap">
          {buy.status === 'active' ? (
            <Button
              size="sm"
              variant="outline"
              loading={pause.isPending}
              disabled={busy}
              onClick={() => pause.mutate({ id: buy.id })}
            >
              <Trans>Pause</Trans>
            </Button>
          ) : (
            <Button
              size="sm"
              variant="outline"
              loading={resume.isPending}
              disabled={busy}
              onClick={() => resume.mutate({ id: buy.id })}
            >
              <Trans>Resume</Trans>
            </Button>
          )}
          <Button
            size="sm"
            variant="outline"
            colorPalette="red"
            loading={remove.isPending}
            disabled={busy}
            onClick={() => remove.mutate({ id: buy.id })}
          >
            <Trans>Delete</Trans>
          </Button>
        </HStack>
        {error ? (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>{error}</Alert.Title>
          </Alert.Root>
        ) : null}
        {buy.runs.length > 0 ? (
          <Box as="section" aria-label={t`History`}>
            <Text fontWeight="semibold" fontSize="sm" mb="1">
              <Trans>History</Trans>
            </Text>
            <Stack as="ul" gap="1" listStyleType="none" ms="0" maxH="60" overflowY="auto" data-testid="recurring-runs">
              {buy.runs.map((r) => (
                <Box as="li" key={r.period} fontSize="sm">
                  <Text as="span" color="fg.muted">
                    {formatDateTime(r.dueAt)}:{' '}
                  </Text>
                  {r.status === 'bought' ? (
                    <Text as="span" color="green.fg">
                      <Trans>
                        bought <bdi>{formatAmount(r.amount, buy.asset)}</bdi>
                      </Trans>
                    </Text>
                  ) : (
                    <Text as="span" color="orange.fg">
                      <Trans>skipped: {r.reason}</Trans>
                    </Text>
                  )}
                </Box>
              ))}
            </Stack>
          </Box>
        ) : (
          <Text fontSize="sm" color="fg.muted">
            <Trans>Nothing bought yet.</Trans>
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}
