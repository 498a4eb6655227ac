import { useEffect, useId, useMemo, useState } from 'react';
import { Badge, Box, Button, Card, Field, Group, Heading, HStack, Input, Stack, Text, chakra } from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { translate, type TOrder, type TOrderPlaceInput } from '@vestora/contract';
import { OptionSelect } from '../../components/ui/option-select';
import { EmptyState, ErrorState, PageLoader } from '../../components/ui/states';
import { toaster } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { amountProblem, formatAmount, formatPrice, tradableCoins } from './order-format';

type Side = 'buy' | 'sell';
const SIDE_WORDS: Record<Side, MessageDescriptor> = { buy: msg`Buy`, sell: msg`Sell` };
const STATUS_WORDS: Record<TOrder['status'], MessageDescriptor> = {
  open: msg`Open`,
  filled: msg`Filled`,
  cancelled: msg`Cancelled`,
  expired: msg`Expired`,
};
const STATUS_PALETTE: Record<TOrder['status'], string> = {
  open: 'blue',
  filled: 'green',
  cancelled: 'gray',
  expired: 'yellow',
};

/** The limit price as typed: digits with at most 18 decimals (the server says the rest). */
const LIMIT_PATTERN = /^\d{1,20}(\.\d{1,18})?$/;

/**
 * The "Limit orders" tab (#31): a form that places an order (its money is set aside by the server at once), the open
 * orders with what each holds and why it has not filled yet, a cancel for each, and the history of closed ones.
 * Toasts only repeat what the server answered.
 */
export function LimitOrdersTab({
  initialCoin,
  initialSide,
}: {
  initialCoin: string | null;
  initialSide: string | null;
}) {
  const { t, i18n } = useLingui();
  const ids = useId();
  const utils = trpc.useUtils();
  const assets = trpc.asset.list.useQuery(undefined, { staleTime: 15_000 });
  const orders = trpc.order.list.useQuery({}, { refetchInterval: 15_000 });
  const coins = useMemo(() => tradableCoins(assets.data ?? []), [assets.data]);
  const scales = useMemo(() => Object.fromEntries((assets.data ?? []).map((a) => [a.symbol, a.scale])), [assets.data]);

  const [side, setSide] = useState<Side>(initialSide === 'sell' ? 'sell' : 'buy');
  const [coin, setCoin] = useState<string>('');
  const [amountIn, setAmountIn] = useState<'usd' | 'coin'>('usd');
  const [amount, setAmount] = useState('');
  const [limit, setLimit] = useState('');
  const [expires, setExpires] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; limit?: string; expires?: string }>({});
  const [serverError, setServerError] = useState<string | null>(null);
  useEffect(() => {
    const wanted = initialCoin?.trim().toUpperCase();
    if (!coin && coins.length > 0) setCoin(coins.find((c) => c.symbol === wanted)?.symbol ?? coins[0]!.symbol);
  }, [coin, coins, initialCoin]);

  const refresh = () =>
    Promise.all([utils.order.list.invalidate(), utils.portfolio.holdings.invalidate(), utils.trade.list.invalidate()]);
  const place = trpc.order.place.useMutation({
    onSuccess: async (o) => {
      const held = formatAmount(o.held, o.heldAsset, scales[o.heldAsset]);
      toaster.create({ type: 'success', title: t`Limit order placed`, description: t`${held} is set aside for it.` });
      setAmount('');
      setLimit('');
      setExpires('');
      await refresh();
    },
    onError: (err) => setServerError(errorMessage(err, t`The order could not be placed. Please try again.`)),
  });
  const cancel = trpc.order.cancel.useMutation({
    onSuccess: async () => {
      toaster.create({
        type: 'success',
        title: t`Order cancelled`,
        description: t`What it set aside is back in your balance.`,
      });
      await refresh();
    },
    onError: (err) =>
      toaster.create({ type: 'error', title: t`The order could not be cancelled`, description: errorMessage(err) }),
  });

  const submit = () => {
    setServerError(null);
    const unit = amountIn === 'usd' ? 'USD' : coin;
    const next: typeof errors = {};
    const problem = amountProblem(amount, scales[unit] ?? 2);
    if (problem) next.amount = translate(problem);
    if (!LIMIT_PATTERN.test(limit.trim()) || Number(limit) === 0)
      next.limit = t`Limit price: dollars per coin in digits (like 95000.50)`;
    let expiresAt: string | undefined;
    if (expires) {
      const at = new Date(expires);
      if (Number.isNaN(at.getTime()) || at.getTime() <= Date.now()) next.expires = t`The expiry must be in the future.`;
      else expiresAt = at.toISOString();
    }
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    const input: TOrderPlaceInput = {
      side,
      asset: coin,
      limitPrice: limit.trim(),
      ...(amountIn === 'usd' ? { amountUsd: amount.trim() } : { amount: amount.trim() }),
      ...(expiresAt ? { expiresAt } : {}),
    };
    place.mutate(input);
  };

  if (assets.isPending || orders.isPending) return <PageLoader label={t`Loading your orders...`} minH="20vh" />;
  if (assets.isError || orders.isError)
    return (
      <ErrorState
        title={t`Could not load your orders`}
        description={errorMessage(assets.error ?? orders.error)}
        onRetry={() => void Promise.all([assets.refetch(), orders.refetch()])}
        retrying={assets.isRefetching || orders.isRefetching}
      />
    );
  const open = orders.data.items.filter((o) => o.status === 'open');
  const closed = orders.data.items.filter((o) => o.status !== 'open');
  const busy = place.isPending;
  const coinOptions = coins.map((c) => ({ value: c.symbol, label: `${c.name} (${c.symbol})` }));

  return (
    <Stack gap="6" pt="4">
      <Card.Root as="section" aria-labelledby={`${ids}-place`}>
        <Card.Header>
          <Heading as="h2" id={`${ids}-place`} size="md">
            <Trans>Place a limit order</Trans>
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            <Trans>
              The limit is the price per coin with spread and fee included. The order fills once, at the first fresh
              market price whose quote is at or better than it; what it needs is set aside now.
            </Trans>
          </Text>
        </Card.Header>
        <Card.Body>
          {coins.length === 0 ? (
            <Text>
              <Trans>No coin can be traded right now. Please come back later.</Trans>
            </Text>
          ) : (
            <chakra.form
              display="flex"
              flexDirection="column"
              gap="4"
              noValidate
              data-testid="limit-order-form"
              onSubmit={(e) => {
                e.preventDefault();
                submit();
              }}
            >
              <Group attached role="group" aria-label={t`Buy or sell`} w="full">
                {(['buy', 'sell'] as const).map((s) => (
                  <Button
                    key={s}
                    flex="1"
                    variant={side === s ? 'solid' : 'outline'}
                    colorPalette="teal"
                    aria-pressed={side === s}
                    disabled={busy}
                    onClick={() => setSide(s)}
                  >
                    {i18n._(SIDE_WORDS[s])}
                  </Button>
                ))}
              </Group>
              <Stack direction={{ base: 'column', sm: 'row' }} gap="4">
                <Field.Root flex="1">
                  <Field.Label>
                    <Trans>Coin</Trans>
                  </Field.Label>
                  <OptionSelect
                    options={coinOptions}
                    value={coin}
                    rootProps={{ disabled: busy }}
                    onChange={(e) => setCoin(e.currentTarget.value)}
                  />
                </Field.Root>
                <Field.Root flex="1">
                  <Field.Label>
                    <Trans>Amount in</Trans>
                  </Field.Label>
                  <OptionSelect
                    options={[
                      { value: 'usd', label: side === 'buy' ? t`Dollars to spend` : t`Dollars to get` },
                      { value: 'coin', label: side === 'buy' ? t`${coin} to get` : t`${coin} to give` },
                    ]}
                    value={amountIn}
                    rootProps={{ disabled: busy }}
                    onChange={(e) => setAmountIn(e.currentTarget.value as 'usd' | 'coin')}
                  />
                </Field.Root>
              </Stack>
              <Stack direction={{ base: 'column', sm: 'row' }} gap="4">
                <Field.Root invalid={!!errors.amount} required flex="1">
                  <Field.Label>
                    <Trans>Amount</Trans>
                  </Field.Label>
                  <Input
                    inputMode="decimal"
                    value={amount}
                    disabled={busy}
                    onChange={(e) => setAmount(e.target.value)}
                  />
                  <Field.ErrorText>{errors.amount}</Field.ErrorText>
                </Field.Root>
                <Field.Root invalid={!!errors.limit} required flex="1">
                  <Field.Label>
                    <Trans>Limit price (USD per coin)</Trans>
                  </Field.Label>
                  <Input inputMode="decimal" value={limit} disabled={busy} onChange={(e) => setLimit(e.target.value)} />
                  <Field.HelperText>
                    {side === 'buy' ? (
                      <Trans>Fills at this price or lower.</Trans>
                    ) : (
                      <Trans>Fills at this price or higher.</Trans>
                    )}
                  </Field.HelperText>
                  <Field.ErrorText>{errors.limit}</Field.ErrorText>
                </Field.Root>
              </Stack>
              <Field.Root invalid={!!errors.expires}>
                <Field.Label>
                  <Trans>Good until (optional)</Trans>
                </Field.Label>
                <Input
                  type="datetime-local"
                  value={expires}
                  disabled={busy}
                  onChange={(e) => setExpires(e.target.value)}
                  maxW={{ sm: '64' }}
                />
                <Field.HelperText>
                  <Trans>Empty: good until you cancel it.</Trans>
                </Field.HelperText>
                <Field.ErrorText>{errors.expires}</Field.ErrorText>
              </Field.Root>
              {serverError ? (
                <Text color="fg.error" role="alert" data-testid="limit-order-error">
                  {serverError}
                </Text>
              ) : null}
              <Button type="submit" colorPalette="teal" loading={busy} alignSelf={{ sm: 'flex-start' }}>
                <Trans>Place order</Trans>
              </Button>
            </chakra.form>
          )}
        </Card.Body>
      </Card.Root>

      <Stack as="section" aria-labelledby={`${ids}-open`} gap="3">
        <Heading as="h2" id={`${ids}-open`} size="md">
          <Trans>Open orders</Trans>
        </Heading>
        {open.length === 0 ? (
          <EmptyState title={t`No open orders`} description={t`An order you place waits here until it fills.`} />
        ) : (
          <Stack gap="3" data-testid="open-orders">
            {open.map((o) => (
              <OrderCard
                key={o.id}
                order={o}
                scales={scales}
                onCancel={() => cancel.mutate({ id: o.id })}
                cancelling={cancel.isPending && cancel.variables?.id === o.id}
              />
            ))}
          </Stack>
        )}
      </Stack>

      <Stack as="section" aria-labelledby={`${ids}-history`} gap="3">
        <Heading as="h2" id={`${ids}-history`} size="md">
          <Trans>History</Trans>
        </Heading>
        {closed.length === 0 ? (
          <Text color="fg.muted">
            <Trans>No filled, cancelled or expired orders yet.</Trans>
          </Text>
        ) : (
          <Stack gap="3" data-testid="closed-orders">
            {closed.map((o) => (
              <OrderCard key={o.id} order={o} scales={scales} />
            ))}
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}

/** One order: side, coin, amount, limit, what it holds, status, and why an open one waits. */
export function OrderCard({
  order: o,
  scales,
  onCancel,
  cancelling,
}: {
  order: TOrder;
  scales: Record<string, number>;
  onCancel?: () => void;
  cancelling?: boolean;
}) {
  const { i18n } = useLingui();
  const amount =
    o.amount !== null ? formatAmount(o.amount, o.asset, scales[o.asset]) : formatAmount(o.amountUsd, 'USD');
  const limit = formatPrice(o.limitPrice);
  const held = formatAmount(o.held, o.heldAsset, scales[o.heldAsset]);
  const sideWord = i18n._(SIDE_WORDS[o.side]);
  const when = new Date(o.createdAt).toLocaleString(i18n.locale);
  return (
    <Card.Root size="sm" data-testid="order-card" data-status={o.status}>
      <Card.Body>
        <Stack gap="2">
          <HStack justify="space-between" wrap="wrap" gap="2">
            <Text fontWeight="semibold">
              <Trans>
                {sideWord} <bdi>{amount}</bdi> of <bdi>{o.asset}</bdi> at <bdi>{limit}</bdi> or better
              </Trans>
            </Text>
            <Badge colorPalette={STATUS_PALETTE[o.status]}>{i18n._(STATUS_WORDS[o.status])}</Badge>
          </HStack>
          {o.status === 'open' ? (
            <Text fontSize="sm">
              <Trans>
                Set aside: <bdi>{held}</bdi>
              </Trans>
            </Text>
          ) : null}
          {o.waiting ? (
            <Text fontSize="sm" color="fg.muted" data-testid="order-waiting">
              {translate(o.waiting)}
            </Text>
          ) : null}
          <Text fontSize="xs" color="fg.muted">
            <Trans>Placed {when}</Trans>
            {o.expiresAt ? (
              <>
                {' · '}
                <Trans>good until {new Date(o.expiresAt).toLocaleString(i18n.locale)}</Trans>
              </>
            ) : null}
            {o.tradeId ? (
              <>
                {' · '}
                <Trans>trade #{o.tradeId.slice(0, 8)}</Trans>
              </>
            ) : null}
          </Text>
          {onCancel ? (
            <Box>
              <Button size="sm" variant="outline" colorPalette="red" loading={cancelling} onClick={onCancel}>
                <Trans>Cancel order</Trans>
              </Button>
            </Box>
          ) : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
