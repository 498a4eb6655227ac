import { Suspense, lazy, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Badge, Box, Button, Card, HStack, Heading, Link, Stack, Table, Text } from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { LuArrowLeft, LuSearchX } from 'react-icons/lu';
import { type TInvestmentDetail, ZId } from '@vestora/contract';
import { EmptyState, ErrorState, PageLoader } from '../../components/ui/states';
import { errorMessage } from '../../lib/errors';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format';
import { usePageTitle } from '../../lib/page-title';
import { trpc } from '../../lib/trpc';
import { InvestmentStatusBadge, PayoutProgress } from './MyInvestments';
import { RedeemDialog } from './RedeemDialog';
import { RenewalSection } from './RenewalChoice';
import { useSession } from '../../lib/session';
import { PAYOUT_IN_SENTENCE, earlyExitText, formatRate, termText } from './invest-rules';

// apexcharts is large: it loads with this page only, after the schedule is on screen.
const PortfolioChart = lazy(() => import('./PortfolioChart'));

const PAYMENT_STATUS: Record<
  TInvestmentDetail['schedule'][number]['status'],
  { label: MessageDescriptor; palette: string }
> = {
  paid: { label: msg`Paid`, palette: 'green' },
  upcoming: { label: msg`Upcoming`, palette: 'gray' },
  forfeited: { label: msg`Forfeited`, palette: 'orange' },
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
  const { t, i18n } = useLingui();
  const { id = '' } = useParams();
  // A malformed id (a mistyped or cut-short link) is not asked for: the server could only refuse it.
  const wellFormed = ZId.safeParse(id).success;
  const position = trpc.investment.get.useQuery({ id }, { retry: false, enabled: wellFormed });
  const titlePlan = position.data?.planName ?? '';
  usePageTitle(position.data ? t`${titlePlan} investment` : t`Investment`);
  const [redeeming, setRedeeming] = useState(false);
  const { user } = useSession();

  const back = (
    <Link asChild color="teal.fg" fontSize="sm" width="fit-content">
      <RouterLink to="/dashboard/investments">
        <Box as="span" display="inline-flex" _rtl={{ transform: 'scaleX(-1)' }}>
          <LuArrowLeft aria-hidden />
        </Box>{' '}
        <Trans>My investments</Trans>
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
          title={t`Investment not found`}
          description={
            wellFormed
              ? t`None of your investments has this address: it may belong to another account or have been mistyped.`
              : t`This address does not point to an investment: the link is mistyped or cut short. Open the investment from My investments.`
          }
          action={
            <Button asChild variant="outline">
              <RouterLink to="/dashboard/investments">
                <Trans>Back to my investments</Trans>
              </RouterLink>
            </Button>
          }
        />
      </Stack>
    );
  if (position.isPending) return <PageLoader label={t`Loading the investment...`} />;
  if (position.isError)
    return (
      <Stack gap="4">
        {back}
        <ErrorState
          title={t`Could not load this investment`}
          description={errorMessage(position.error)}
          onRetry={() => void position.refetch()}
          retrying={position.isRefetching}
        />
      </Stack>
    );

  const p = position.data;
  const planName = p.planName;
  const amount = formatMoney(p.amount);
  const rate = formatRate(p.annualRateBps);
  const term = termText(p.termMonths);
  const frequency = i18n._(PAYOUT_IN_SENTENCE[p.payoutFrequency]);
  return (
    <Stack gap="6">
      {back}
      <Stack gap="2">
        <HStack gap="3" flexWrap="wrap">
          <Heading as="h1" size="2xl">
            <Trans>
              {planName}: {amount}
            </Trans>
          </Heading>
          <InvestmentStatusBadge status={p.status} />
        </HStack>
        <Text color="fg.muted">
          <Trans>
            {rate} a year, fixed for {term}, interest paid {frequency} by Vestora.
          </Trans>{' '}
          {earlyExitText(p.earlyExitAllowed)}
        </Text>
      </Stack>

      <Card.Root>
        <Card.Body>
          <Stack gap="4">
            <Box display="grid" gridTemplateColumns={{ base: '1fr 1fr', md: 'repeat(4, 1fr)' }} gap="4">
              <Fact label={t`Started`} value={formatDate(p.startedAt)} />
              <Fact label={t`Matures`} value={formatDate(p.maturityAt)} />
              <Fact label={t`Interest received`} value={formatMoney(p.interestPaid)} />
              <Fact label={t`Amount at maturity`} value={formatMoney(p.amountAtMaturity)} />
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
                <Trans>Redeem early</Trans>
              </Button>
            ) : null}
          </Stack>
        </Card.Body>
      </Card.Root>

      <Stack as="section" aria-labelledby="schedule-title" gap="3">
        <Heading as="h2" id="schedule-title" size="lg">
          <Trans>Payout schedule</Trans>
        </Heading>
        <Table.ScrollArea borderWidth="1px" rounded="md" bg="bg.panel">
          <Table.Root size="sm" minW="36rem">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>
                  <Trans context="payout number">Period</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Due date</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">
                  <Trans>Interest</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">
                  <Trans>Principal</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Status</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Paid at</Trans>
                </Table.ColumnHeader>
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
                        {i18n._(st.label)}
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
  const { t } = useLingui();
  const portfolio = trpc.investment.portfolio.useQuery();
  const available = formatMoney(portfolio.data?.available);
  const invested = formatMoney(portfolio.data?.invested);
  const received = formatMoney(portfolio.data?.interestReceived);
  return (
    <Card.Root as="section" aria-labelledby="portfolio-title">
      <Card.Header>
        <Heading as="h2" id="portfolio-title" size="lg">
          <Trans>Your portfolio over time</Trans>
        </Heading>
        {portfolio.data ? (
          <Text color="fg.muted" fontSize="sm">
            <Trans>
              Available {available} · invested {invested} · interest received {received}
            </Trans>
          </Text>
        ) : null}
      </Card.Header>
      <Card.Body>
        {portfolio.isError ? (
          <ErrorState
            title={t`Could not load your portfolio`}
            description={errorMessage(portfolio.error)}
            onRetry={() => void portfolio.refetch()}
          />
        ) : !portfolio.data ? (
          <PageLoader label={t`Loading your portfolio...`} minH="10rem" />
        ) : (
          <Suspense fallback={<PageLoader label={t`Loading the chart...`} minH="10rem" />}>
            <PortfolioChart portfolio={portfolio.data} />
          </Suspense>
        )}
      </Card.Body>
    </Card.Root>
  );
}
