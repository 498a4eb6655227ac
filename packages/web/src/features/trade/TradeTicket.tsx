import { useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Field,
  Group,
  Heading,
  HStack,
  Input,
  Stack,
  Text,
  chakra,
} from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { translate, type TAsset, type TTradeQuote } from '@vestora/contract';
import { OptionSelect } from '../../components/ui/option-select';
import { CoinOrdersLine } from './CoinOrdersLine';
import { toaster } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import {
  amountAsset,
  amountProblem,
  otherCoin,
  quoteInputFor,
  secondsLeft,
  TRADE_SIDES,
  ticketAssets,
  type AmountIn,
  type TradeSide,
} from './ticket';
import { formatAmount, formatFeedPrice, formatUsd } from './trade-format';

const SIDE_WORDS: Record<TradeSide, MessageDescriptor> = {
  buy: msg`Buy`,
  sell: msg`Sell`,
  convert: msg`Convert`,
};

/** A quote as it arrived, with the moment (this device's clock) its countdown starts from. */
interface HeldQuote {
  quote: TTradeQuote;
  receivedAt: number;
}

/** Ticks every quarter second while a quote is counting down; the seconds it has left. */
function useSecondsLeft(held: HeldQuote | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!held) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [held]);
  return held ? secondsLeft(held.quote, held.receivedAt, now) : 0;
}

export interface TradeTicketProps {
  /** The coins that trade now (tradable, not paused), from asset.list. */
  coins: TAsset[];
  /** Every asset's scale (USD included). */
  scales: Record<string, number>;
  initialCoin: string;
  initialSide: TradeSide;
  /** What the member holds of each asset (decimal strings), to say what is available. */
  held: Record<string, string>;
}

/**
 * The trade ticket (#30): Buy, Sell or Convert, the coin(s), the amount to give or to get; "Get quote" asks the
 * server for a firm price, shown with its feed prices, spread and fee in dollars and a countdown; "Confirm" fills it.
 * Nothing is promised before the server answers: the toast comes from trade.accept's answer.
 */
export function TradeTicket({ coins, scales, initialCoin, initialSide, held }: TradeTicketProps) {
  const { t, i18n } = useLingui();
  const utils = trpc.useUtils();
  const ids = useId();
  const [side, setSide] = useState<TradeSide>(initialSide);
  const [coin, setCoin] = useState(initialCoin);
  const [toCoin, setToCoin] = useState(() => otherCoin(initialCoin, coins) ?? initialCoin);
  const [amountIn, setAmountIn] = useState<AmountIn>('from');
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [quote, setQuote] = useState<HeldQuote | null>(null);
  // Keyboard and screen-reader users follow the ticket: to the quote when it comes, back to the amount after.
  const amountRef = useRef<HTMLInputElement>(null);
  const left = useSecondsLeft(quote);
  const expired = quote !== null && left === 0;

  // A link to another coin (Trade Now on another card) while the page is open.
  useEffect(() => {
    setCoin(initialCoin);
    setToCoin((current) => otherCoin(initialCoin, coins, current) ?? current);
    setSide(initialSide);
    setQuote(null);
    // Only a new link resets the ticket, not a refetch of the coin list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [initialCoin, initialSide]);

  const { from, to } = ticketAssets(side, coin, toCoin);
  const unit = amountAsset({ side, coin, toCoin, amountIn });
  const canConvert = coins.length > 1;

  /** Any change to what is asked takes the quote away: it was for other numbers. */
  const changed = () => {
    setQuote(null);
    setServerError(null);
  };

  const quoteCall = trpc.trade.quote.useMutation({
    onSuccess: (q) => setQuote({ quote: q, receivedAt: Date.now() }),
    onError: (err) => setServerError(errorMessage(err, t`No quote could be made. Please try again.`)),
  });
  const accept = trpc.trade.accept.useMutation({
    onSuccess: async (trade) => {
      const gave = formatAmount(trade.fromAmount, trade.from, scales[trade.from]);
      const got = formatAmount(trade.toAmount, trade.to, scales[trade.to]);
      toaster.create({ type: 'success', title: t`Trade done`, description: t`You gave ${gave} and got ${got}.` });
      setQuote(null);
      setAmount('');
      setRefocus(true);
      await Promise.all([
        utils.portfolio.holdings.invalidate(),
        utils.trade.list.invalidate(),
        utils.user.session.invalidate(),
      ]);
    },
    onError: (err) => setServerError(errorMessage(err, t`The trade could not be done. Please try again.`)),
  });
  const busy = quoteCall.isPending || accept.isPending;
  // The amount field is disabled while the fill is answered: focus it once it is enabled again.
  const [refocus, setRefocus] = useState(false);
  useEffect(() => {
    if (!refocus || busy) return;
    amountRef.current?.focus();
    setRefocus(false);
  }, [refocus, busy]);

  const askQuote = () => {
    setServerError(null);
    const problem = amountProblem(amount, scales[unit] ?? 2);
    if (problem) {
      setAmountError(translate(problem));
      return;
    }
    setAmountError(null);
    setQuote(null);
    quoteCall.mutate(quoteInputFor({ side, coin, toCoin, amountIn, amount }));
  };

  const amountChoices = useMemo(() => {
    const give = from === 'USD' ? t`Dollars to spend` : t`${from} to give`;
    const get = to === 'USD' ? t`Dollars to get` : t`${to} to get`;
    return [
      { value: 'from', label: give },
      { value: 'to', label: get },
    ];
  }, [from, to, t]);

  const available = held[from];
  const availableText = formatAmount(available ?? '0', from, scales[from]);
  const coinOptions = coins.map((c) => ({ value: c.symbol, label: `${c.name} (${c.symbol})` }));

  return (
    <Card.Root as="section" aria-labelledby={`${ids}-title`}>
      <Card.Header>
        <Heading as="h2" id={`${ids}-title`} size="lg">
          <Trans>Trade ticket</Trans>
        </Heading>
      </Card.Header>
      <Card.Body>
        <chakra.form
          display="flex"
          flexDirection="column"
          gap="4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            askQuote();
          }}
        >
          <Group attached role="group" aria-label={t`What to do`} w="full">
            {TRADE_SIDES.map((s) => (
              <Button
                key={s}
                flex="1"
                variant={side === s ? 'solid' : 'outline'}
                colorPalette="teal"
                aria-pressed={side === s}
                disabled={busy || (s === 'convert' && !canConvert)}
                onClick={() => {
                  setSide(s);
                  if (s === 'convert') setToCoin(otherCoin(coin, coins, toCoin) ?? toCoin);
                  changed();
                }}
              >
                {i18n._(SIDE_WORDS[s])}
              </Button>
            ))}
          </Group>

          <Stack direction={{ base: 'column', sm: 'row' }} gap="4">
            <Field.Root disabled={busy} flex="1">
              <Field.Label>
                {side === 'buy' ? (
                  <Trans>Coin to buy</Trans>
                ) : side === 'sell' ? (
                  <Trans>Coin to sell</Trans>
                ) : (
                  <Trans>Coin to give</Trans>
                )}
              </Field.Label>
              <OptionSelect
                data-testid="trade-coin"
                options={coinOptions}
                value={coin}
                onChange={(e) => {
                  const next = e.currentTarget.value;
                  setCoin(next);
                  if (next === toCoin) setToCoin(otherCoin(next, coins) ?? toCoin);
                  changed();
                }}
              />
            </Field.Root>
            {side === 'convert' ? (
              <Field.Root disabled={busy} flex="1">
                <Field.Label>
                  <Trans>Coin to get</Trans>
                </Field.Label>
                <OptionSelect
                  data-testid="trade-to-coin"
                  options={coinOptions.filter((o) => o.value !== coin)}
                  value={toCoin}
                  onChange={(e) => {
                    setToCoin(e.currentTarget.value);
                    changed();
                  }}
                />
              </Field.Root>
            ) : null}
          </Stack>

          <Stack direction={{ base: 'column', sm: 'row' }} gap="4" align={{ sm: 'flex-start' }}>
            <Field.Root disabled={busy} flex="1">
              <Field.Label>
                <Trans>Amount in</Trans>
              </Field.Label>
              <OptionSelect
                options={amountChoices}
                value={amountIn}
                onChange={(e) => {
                  setAmountIn(e.currentTarget.value === 'to' ? 'to' : 'from');
                  setAmountError(null);
                  changed();
                }}
              />
            </Field.Root>
            <Field.Root required invalid={!!amountError} disabled={busy} flex="1">
              <Field.Label>
                <Trans>Amount ({unit})</Trans> <Field.RequiredIndicator />
              </Field.Label>
              <Input
                ref={amountRef}
                value={amount}
                inputMode="decimal"
                autoComplete="off"
                dir="ltr"
                placeholder="0.00"
                data-testid="trade-amount"
                onChange={(e) => {
                  setAmount(e.currentTarget.value);
                  setAmountError(null);
                  changed();
                }}
              />
              {amountError ? (
                <Field.ErrorText>{amountError}</Field.ErrorText>
              ) : (
                <Field.HelperText>
                  <Trans>
                    Available: <bdi data-testid="trade-available">{availableText}</bdi>
                  </Trans>
                </Field.HelperText>
              )}
            </Field.Root>
          </Stack>

          {serverError ? (
            <Alert.Root status="error" data-testid="trade-error">
              <Alert.Indicator />
              <Alert.Title>{serverError}</Alert.Title>
            </Alert.Root>
          ) : null}

          {!quote ? (
            <Button type="submit" colorPalette="teal" loading={quoteCall.isPending} loadingText={t`Getting a quote...`}>
              <Trans>Get quote</Trans>
            </Button>
          ) : null}
        </chakra.form>

        {quote ? (
          <QuoteView
            held={quote}
            scales={scales}
            left={left}
            expired={expired}
            confirming={accept.isPending}
            refreshing={quoteCall.isPending}
            onConfirm={() => {
              setServerError(null);
              accept.mutate({ quoteId: quote.quote.id });
            }}
            onRefresh={askQuote}
            onCancel={() => {
              changed();
              amountRef.current?.focus();
            }}
          />
        ) : null}
        <Box mt="4">
          <CoinOrdersLine coin={coin} />
        </Box>
      </Card.Body>
    </Card.Root>
  );
}

function QuoteRow({
  label,
  value,
  testId,
  strong,
}: {
  label: string;
  value: string;
  testId: string;
  strong?: boolean;
}) {
  return (
    <HStack justify="space-between" align="baseline" gap="3" flexWrap="wrap">
      <Text as="dt" color="fg.muted" fontSize="sm">
        {label}
      </Text>
      <Text as="dd" fontWeight={strong ? 'bold' : 'medium'} fontSize={strong ? 'lg' : 'md'} textAlign="end">
        <bdi data-testid={testId}>{value}</bdi>
      </Text>
    </HStack>
  );
}

interface QuoteViewProps {
  held: HeldQuote;
  scales: Record<string, number>;
  left: number;
  expired: boolean;
  confirming: boolean;
  refreshing: boolean;
  onConfirm: () => void;
  onRefresh: () => void;
  onCancel: () => void;
}

/** The firm quote: what is given and got, the feed prices before spread, spread and fee, and its countdown. */
function QuoteView({
  held,
  scales,
  left,
  expired,
  confirming,
  refreshing,
  onConfirm,
  onRefresh,
  onCancel,
}: QuoteViewProps) {
  const { t } = useLingui();
  const q = held.quote;
  const regionRef = useRef<HTMLDivElement>(null);
  const freshRef = useRef<HTMLButtonElement>(null);
  useEffect(() => regionRef.current?.focus(), [held]);
  // Confirm gives way to "Get a fresh quote" on expiry: a keyboard on Confirm moves with it.
  useEffect(() => {
    if (!expired) return;
    const active = document.activeElement;
    if (active === document.body || regionRef.current?.contains(active)) freshRef.current?.focus();
  }, [expired]);
  return (
    <Stack
      ref={regionRef}
      tabIndex={-1}
      outline="none"
      gap="3"
      mt="5"
      p="4"
      borderWidth="1px"
      rounded="lg"
      bg="bg.muted"
      role="region"
      aria-label={t`Your quote`}
      data-testid="trade-quote"
    >
      <HStack justify="space-between" gap="3" flexWrap="wrap">
        <Heading as="h3" size="md">
          <Trans>Your quote</Trans>
        </Heading>
        {expired ? (
          <Badge colorPalette="orange" variant="solid" data-testid="quote-expired">
            <Trans>Expired</Trans>
          </Badge>
        ) : (
          <Badge colorPalette="teal" variant="subtle" data-testid="quote-countdown">
            <Trans>Firm for {left} s</Trans>
          </Badge>
        )}
      </HStack>
      <chakra.dl display="flex" flexDirection="column" gap="2" m="0">
        <QuoteRow
          label={t`You give`}
          value={formatAmount(q.fromAmount, q.from, scales[q.from])}
          testId="quote-give"
          strong
        />
        <QuoteRow label={t`You get`} value={formatAmount(q.toAmount, q.to, scales[q.to])} testId="quote-get" strong />
        {q.prices.map((p) => {
          const asset = p.asset;
          return (
            <QuoteRow
              key={asset}
              label={t`Market price of ${asset} (before spread)`}
              value={formatFeedPrice(p.priceUsd)}
              testId={`quote-price-${asset}`}
            />
          );
        })}
        <QuoteRow label={t`Trade value`} value={formatUsd(q.grossUsd)} testId="quote-gross" />
        <QuoteRow label={t`Spread`} value={formatUsd(q.spreadUsd)} testId="quote-spread" />
        <QuoteRow label={t`Fee`} value={formatUsd(q.feeUsd)} testId="quote-fee" />
      </chakra.dl>
      <Box role="status" aria-live="polite">
        {expired ? (
          <Text fontSize="sm" color="fg.muted">
            <Trans>This quote has expired. Prices move: ask for a fresh one.</Trans>
          </Text>
        ) : null}
      </Box>
      <Stack direction={{ base: 'column', sm: 'row' }} gap="3" justify="flex-end">
        <Button variant="outline" onClick={onCancel} disabled={confirming || refreshing}>
          <Trans>Change</Trans>
        </Button>
        {expired ? (
          <Button
            ref={freshRef}
            colorPalette="teal"
            onClick={onRefresh}
            loading={refreshing}
            loadingText={t`Getting a quote...`}
          >
            <Trans>Get a fresh quote</Trans>
          </Button>
        ) : (
          <Button colorPalette="teal" onClick={onConfirm} loading={confirming} loadingText={t`Confirming...`}>
            <Trans>Confirm</Trans>
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
