import { useId, useState } from 'react';
import { Alert, Badge, Box, Button, Card, chakra, Field, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TPriceAlert } from '@vestora/contract';
import { OptionSelect } from '../../components/ui/option-select';
import { ErrorState, PageLoader } from '../../components/ui/states';
import { toaster } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { pickCoin, tradableCoins } from '../trade/ticket';
import { formatFeedPrice } from '../trade/trade-format';

/** The member's price alerts: set one, see whether it waits to re-arm and when it fired, delete it (#31). */
export function PriceAlertsTab({ initialCoin }: { initialCoin?: string | null }) {
  const { t } = useLingui();
  const list = trpc.priceAlert.list.useQuery();
  return (
    <Stack gap="6">
      <NewPriceAlert initialCoin={initialCoin} />
      <Heading as="h2" size="md">
        <Trans>Your price alerts</Trans>
      </Heading>
      {list.isPending ? (
        <PageLoader label={t`Loading your price alerts...`} minH="20vh" />
      ) : list.isError ? (
        <ErrorState
          title={t`Could not load your price alerts`}
          description={errorMessage(list.error)}
          onRetry={() => void list.refetch()}
          retrying={list.isRefetching}
        />
      ) : list.data.items.length === 0 ? (
        <Text color="fg.muted" data-testid="alerts-empty">
          <Trans>No price alerts yet.</Trans>
        </Text>
      ) : (
        <Stack gap="4" data-testid="alerts-list">
          {list.data.items.map((a) => (
            <PriceAlertCard key={a.id} alert={a} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function NewPriceAlert({ initialCoin }: { initialCoin?: string | null }) {
  const { t } = useLingui();
  const ids = useId();
  const utils = trpc.useUtils();
  const assets = trpc.asset.list.useQuery(undefined, { staleTime: 15_000 });
  const coins = tradableCoins(assets.data ?? []);
  const [coin, setCoin] = useState<string | null>(null);
  const [direction, setDirection] = useState<'above' | 'below'>('above');
  const [price, setPrice] = useState('');
  const [error, setError] = useState<string | null>(null);
  const chosen = coin ?? pickCoin(initialCoin, coins) ?? '';
  const current = coins.find((c) => c.symbol === chosen)?.priceUsd ?? null;
  const create = trpc.priceAlert.create.useMutation({
    onSuccess: async (a) => {
      const level = formatFeedPrice(a.price);
      toaster.create({
        type: 'success',
        title: t`Price alert set`,
        description:
          a.direction === 'above'
            ? t`You will be told when ${a.asset} reaches ${level} or more.`
            : t`You will be told when ${a.asset} falls to ${level} or less.`,
      });
      setPrice('');
      await utils.priceAlert.list.invalidate();
    },
    onError: (err) => setError(errorMessage(err, t`The alert could not be set. Please try again.`)),
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
          <Trans>Set a price alert</Trans>
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          <Trans>
            You are told once when a fresh market price reaches your level, in the notification centre and, if your
            settings say so, by e-mail. It can fire again after the price has moved back by a little.
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
            if (!/^\d+(\.\d+)?$/.test(price.trim()) || !/[1-9]/.test(price)) {
              setError(t`Enter a price in dollars above zero, like 95000 or 0.25.`);
              return;
            }
            create.mutate({ asset: chosen, direction, price: price.trim() });
          }}
        >
          <Stack direction={{ base: 'column', md: 'row' }} gap="4">
            <Field.Root disabled={create.isPending} flex="1">
              <Field.Label>
                <Trans>Coin</Trans>
              </Field.Label>
              <OptionSelect
                data-testid="alert-coin"
                options={coins.map((c) => ({ value: c.symbol, label: `${c.name} (${c.symbol})` }))}
                value={chosen}
                onChange={(e) => setCoin(e.currentTarget.value)}
              />
            </Field.Root>
            <Field.Root disabled={create.isPending} flex="1">
              <Field.Label>
                <Trans>When the price is</Trans>
              </Field.Label>
              <OptionSelect
                data-testid="alert-direction"
                options={[
                  { value: 'above', label: t`At or above` },
                  { value: 'below', label: t`At or below` },
                ]}
                value={direction}
                onChange={(e) => setDirection(e.currentTarget.value === 'below' ? 'below' : 'above')}
              />
            </Field.Root>
            <Field.Root required disabled={create.isPending} flex="1">
              <Field.Label>
                <Trans>Price (USD)</Trans> <Field.RequiredIndicator />
              </Field.Label>
              <Input
                value={price}
                inputMode="decimal"
                autoComplete="off"
                dir="ltr"
                placeholder="95000"
                data-testid="alert-price"
                onChange={(e) => setPrice(e.currentTarget.value)}
              />
              {current ? (
                <Field.HelperText>
                  <Trans>
                    Now: <bdi>{formatFeedPrice(current)}</bdi>
                  </Trans>
                </Field.HelperText>
              ) : null}
            </Field.Root>
          </Stack>
          {error ? (
            <Alert.Root status="error" data-testid="alert-error">
              <Alert.Indicator />
              <Alert.Title>{error}</Alert.Title>
            </Alert.Root>
          ) : null}
          <Box>
            <Button
              type="submit"
              colorPalette="teal"
              loading={create.isPending}
              loadingText={t`Setting...`}
              disabled={!chosen}
            >
              <Trans>Set alert</Trans>
            </Button>
          </Box>
        </chakra.form>
      </Card.Body>
    </Card.Root>
  );
}

function PriceAlertCard({ alert }: { alert: TPriceAlert }) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const [error, setError] = useState<string | null>(null);
  const remove = trpc.priceAlert.delete.useMutation({
    onSuccess: async () => {
      toaster.create({ type: 'success', title: t`Price alert deleted` });
      await utils.priceAlert.list.invalidate();
    },
    onError: (err) => setError(errorMessage(err, t`That did not work. Please try again.`)),
  });
  const level = formatFeedPrice(alert.price);
  const rearm = formatFeedPrice(alert.rearmPrice);
  return (
    <Card.Root size="sm" data-testid="alert-item">
      <Card.Body gap="3">
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Heading as="h3" size="sm">
            {alert.direction === 'above' ? (
              <Trans>
                <bdi>{alert.asset}</bdi> at or above <bdi>{level}</bdi>
              </Trans>
            ) : (
              <Trans>
                <bdi>{alert.asset}</bdi> at or below <bdi>{level}</bdi>
              </Trans>
            )}
          </Heading>
          {alert.status === 'armed' ? (
            <Badge colorPalette="green">
              <Trans>Armed</Trans>
            </Badge>
          ) : (
            <Badge colorPalette="orange">
              <Trans>Fired</Trans>
            </Badge>
          )}
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          {alert.status === 'armed' ? (
            <Trans>Fires at the next fresh price that reaches the level.</Trans>
          ) : (
            <Trans>
              Fired; it can fire again once the price is back at <bdi>{rearm}</bdi>.
            </Trans>
          )}
        </Text>
        {alert.firings.length > 0 ? (
          <Stack as="ul" gap="1" listStyleType="none" ms="0" fontSize="sm" data-testid="alert-firings">
            {alert.firings.map((f) => (
              <Box as="li" key={f.crossing}>
                <Trans>
                  {formatDateTime(f.at)}: priced at <bdi>{formatFeedPrice(f.price)}</bdi>
                </Trans>
              </Box>
            ))}
          </Stack>
        ) : null}
        {error ? (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>{error}</Alert.Title>
          </Alert.Root>
        ) : null}
        <Box>
          <Button
            size="sm"
            variant="outline"
            colorPalette="red"
            loading={remove.isPending}
            onClick={() => remove.mutate({ id: alert.id })}
          >
            <Trans>Delete</Trans>
          </Button>
        </Box>
      </Card.Body>
    </Card.Root>
  );
}
