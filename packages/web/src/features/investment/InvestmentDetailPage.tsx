import { Suspense, lazy, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Badge, Box, Button, Card, HStack, Heading, Link, Stack, Table, Text } from '@chakra-ui/react';
import { LuArrowLeft, LuSearchX } from 'react-icons/lu';
import { PAYOUT_FREQUENCY_LABELS, type TInvestmentDetail, ZId, formatRateBps } from '@vestora/contract';
import { EmptyState, ErrorState, PageLoader } from '../../components/ui/states';
import { errorMessage } from '../../lib/errors';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format';
import { usePageTitle } from '../../lib/page-title';
import { trpc } from '../../lib/trpc';
import { InvestmentStatusBadge, PayoutProgress } from './MyInvestments';
import { RedeemDialog } from './RedeemDialog';
import { RenewalSection } from './RenewalChoice';
import { useSession } from '../../lib/session';
import { earlyExitText, termText } from './invest-rules';

// apexcharts is large: it loads with this page only, after the schedule is on screen.
const PortfolioChart = lazy(() => import('./PortfolioChart'));

const PAYMENT_STATUS: Record<TInvestmentDetail['schedule'][number]['status'], { label: string; palette: string }> = {
  paid: { label: 'Paid', palette: 'green' },
  upcoming: { label: 'Upcoming', palette: 'gray' },
  forfeited: { label: 'Forfeited', palette: 'orange' },
};

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
      <Text fontWeight="semibold">{value}</Text>
    </Box>
  );
}

/** /dashboard/investments/:id: one position, its whole payout schedule, and the portfolio chart. */
export default function InvestmentDetailPage() {
  const { id = '' } = useParams();
  // A malformed id (a mistyped or cut-short link) is not asked for: the server could only refuse it.
  const wellFormed = ZId.safeParse(id).success;
  const position = trpc.investment.get.useQuery({ id }, { retry: false, enabled: wellFormed });
  usePageTitle(position.data ? `${position.data.planName} investment` : 'Investment');
  const [redeeming, setRedeeming] = useState(false);
  const { user } = useSession();

  const back = (
    <Link asChild color="teal.700" fontSize="sm" width="fit-content">
      <RouterLink to="/dashboard/investments">
        <LuArrowLeft aria-hidden /> My investments
      </RouterLink>
    </Link>
  );

  const code = position.error?.data?.code;
  if (!wellFormed || code === 'NOT_FOUND' || code === 'BAD_REQUEST')
    return (
      <Stack gap="4">
        {back}
        <EmptyState
          icon={<LuSearchX />}
          title="Investment not found"
          description={
            wellFormed
              ? 'None of your investments has this address: it may belong to another account or have been mistyped.'
              : 'This address does not point to an investment: the link is mistyped or cut short. Open the investment from My investments.'
          }
          action={
            <Button asChild variant="outline">
              <RouterLink to="/dashboard/investments">Back to my investments</RouterLink>
            </Button>
          }
        />
      </Stack>
    );
  if (position.isPending) return <PageLoader label="Loading the investment..." />;
  if (position.isError)
    return (
      <Stack gap="4">
        {back}
        <ErrorState
          title="Could not load this investment"
          description={errorMessage(position.error)}
          onRetry={() => void position.refetch()}
          retrying={position.isRefetching}
        />
      </Stack>
    );

  const p = position.data;
  return (
    <Stack gap="6">
      {back}
      <Stack gap="2">
        <HStack gap="3" flexWrap="wrap">
          <Heading as="h1" size="2xl">
            {p.planName}: {formatMoney(p.amount)}
          </Heading>
          <InvestmentStatusBadge status={p.status} />
        </HStack>
        <Text color="fg.muted">
          {formatRateBps(p.annualRateBps)} a year, fixed for {termText(p.termMonths)}, interest paid{' '}
          {PAYOUT_FREQUENCY_LABELS[p.payoutFrequency].toLowerCase()} by Vestora. {earlyExitText(p.earlyExitAllowed)}
        </Text>
      </Stack>

      <Card.Root>
        <Card.Body>
          <Stack gap="4">
            <Box display="grid" gridTemplateColumns={{ base: '1fr 1fr', md: 'repeat(4, 1fr)' }} gap="4">
              <Fact label="Started" value={formatDate(p.startedAt)} />
              <Fact label="Matures" value={formatDate(p.maturityAt)} />
              <Fact label="Interest received" value={formatMoney(p.interestPaid)} />
              <Fact label="Amount at maturity" value={formatMoney(p.amountAtMaturity)} />
            </Box>
            <PayoutProgress position={p} />
            <RenewalSection key={`${p.id}:${p.renew}`} position={p} isOwner={p.userId === user?.id} />
            {p.status === 'active' && p.earlyExitAllowed ? (
              <Button
                alignSelf="flex-start"
                size="sm"
                variant="outline"
                colorPalette="red"
                onClick={() => setRedeeming(true)}
              >
                Redeem early
              </Button>
            ) : null}
          </Stack>
        </Card.Body>
      </Card.Root>

      <Stack as="section" aria-labelledby="schedule-title" gap="3">
        <Heading as="h2" id="schedule-title" size="lg">
          Payout schedule
        </Heading>
        <Table.ScrollArea borderWidth="1px" rounded="md" bg="white">
          <Table.Root size="sm" minW="36rem">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Period</Table.ColumnHeader>
                <Table.ColumnHeader>Due date</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Interest</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Principal</Table.ColumnHeader>
                <Table.ColumnHeader>Status</Table.ColumnHeader>
                <Table.ColumnHeader>Paid at</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {p.schedule.map((s) => {
                const st = PAYMENT_STATUS[s.status];
                return (
                  <Table.Row key={s.period} data-testid={`period-${s.period}`}>
                    <Table.Cell>{s.period}</Table.Cell>
                    <Table.Cell>{formatDate(s.dueAt)}</Table.Cell>
                    <Table.Cell textAlign="end">{formatMoney(s.interest)}</Table.Cell>
                    <Table.Cell textAlign="end">{s.principal ? formatMoney(s.principal) : '—'}</Table.Cell>
                    <Table.Cell>
                      <Badge colorPalette={st.palette} variant="subtle">
                        {st.label}
                      </Badge>
                    </Table.Cell>
                    <Table.Cell>{formatDateTime(s.paidAt)}</Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      </Stack>

      <PortfolioSection />
      <RedeemDialog position={redeeming ? p : null} onClose={() => setRedeeming(false)} />
    </Stack>
  );
}

function PortfolioSection() {
  const portfolio = trpc.investment.portfolio.useQuery();
  return (
    <Card.Root as="section" aria-labelledby="portfolio-title">
      <Card.Header>
        <Heading as="h2" id="portfolio-title" size="lg">
          Your portfolio over time
        </Heading>
        {portfolio.data ? (
          <Text color="fg.muted" fontSize="sm">
            Available {formatMoney(portfolio.data.available)} · invested {formatMoney(portfolio.data.invested)} ·
            interest received {formatMoney(portfolio.data.interestReceived)}
          </Text>
        ) : null}
      </Card.Header>
      <Card.Body>
        {portfolio.isError ? (
          <ErrorState
            title="Could not load your portfolio"
            description={errorMessage(portfolio.error)}
            onRetry={() => void portfolio.refetch()}
          />
        ) : !portfolio.data ? (
          <PageLoader label="Loading your portfolio..." minH="10rem" />
        ) : (
          <Suspense fallback={<PageLoader label="Loading the chart..." minH="10rem" />}>
            <PortfolioChart portfolio={portfolio.data} />
          </Suspense>
        )}
      </Card.Body>
    </Card.Root>
  );
}
