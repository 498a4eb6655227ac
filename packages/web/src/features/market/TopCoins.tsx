import { Suspense, lazy, useDeferredValue, useEffect, useState } from 'react';
import { Box, Input, InputGroup, SimpleGrid, Skeleton, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { LuSearch } from 'react-icons/lu';
import { i18n } from '../../i18n';
import { site } from '../../content/site';
import { trpc } from '../../lib/trpc';

/** Spec section 9: 10 coins first, 25 more per Show More. */
const FIRST_PAGE = 10;
const PAGE_STEP = 25;

// The cards' code (CoinResults.tsx) is not part of the home page's first load: it is fetched beside the coins
// (TopCoins starts both when it mounts) and shown with them.
const loadResults = () => import('./CoinResults');
const CoinResults = lazy(loadResults);

/**
 * Until the coins arrive: placeholders the size of what replaces them (the freshness line, the first page of
 * cards at about 260 px each, the count and Show More), so the page below does not jump when they come.
 */
function LoadingGrid() {
  return (
    <>
      <Skeleton height="21px" width="16rem" maxW="full" />
      <Box role="status" aria-live="polite">
        <VisuallyHidden>
          <Trans>Loading market data...</Trans>
        </VisuallyHidden>
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3, xl: 4 }} gap="4">
          {Array.from({ length: FIRST_PAGE }, (_, i) => (
            <Skeleton key={i} height="260px" rounded="lg" />
          ))}
        </SimpleGrid>
      </Box>
      <Box height="69px" />
    </>
  );
}

/**
 * Home's top cryptocurrencies: search, cards, Show More. Data comes from our server's shared cache. The heading,
 * the search box and the placeholders are here (the pre-rendered page and its hydration); the cards are in
 * CoinResults, loaded once there is something to show.
 */
export default function TopCoins() {
  const { t } = useLingui();
  const market = trpc.market.coins.useQuery(undefined, { staleTime: 60_000 });
  // The cards render as a transition (in short slices), not in the task that received the answer.
  const data = useDeferredValue(market.data);
  const [search, setSearch] = useState('');
  const [visible, setVisible] = useState(FIRST_PAGE);
  useEffect(() => {
    void loadResults().catch(() => undefined); // a failed download is tried again (and reported) when they render
  }, []);

  return (
    <Stack gap="5">
      <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" align={{ md: 'end' }} gap="4">
        <Box>
          <Text as="h2" fontSize={{ base: '2xl', md: '3xl' }} fontWeight="bold" letterSpacing="tight">
            {i18n._(site.coinsSection.title)}
          </Text>
          <Text color="fg.muted" mt="1">
            {i18n._(site.coinsSection.subtitle)}
          </Text>
        </Box>
        <InputGroup startElement={<LuSearch />} maxW={{ md: 'xs' }} width="full">
          <Input
            type="search"
            aria-label={t`Search coins by name or symbol`}
            placeholder={t`Search by name or symbol`}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            bg="bg.panel"
          />
        </InputGroup>
      </Stack>

      {market.isError || data ? (
        <Suspense fallback={<LoadingGrid />}>
          <CoinResults
            data={market.isError ? undefined : data}
            error={market.error}
            retrying={market.isFetching}
            onRetry={() => void market.refetch()}
            search={search}
            visible={visible}
            onShowMore={() => setVisible((n) => n + PAGE_STEP)}
          />
        </Suspense>
      ) : (
        <LoadingGrid />
      )}
    </Stack>
  );
}
