import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Badge, Box, Button, Card, HStack, Heading, Progress, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TInvestment } from '@vestora/contract';
import { EmptyState, listState } from '../../components/ui/states';
import { formatDate, formatMoney } from '../../lib/format';
import { useSession } from '../../lib/session';
import { LoadMoreOf } from '../../components/table/LoadMore';
import { RedeemDialog } from './RedeemDialog';
import { RENEW_CHOICE, RenewalLinks } from './RenewalChoice';
import { useInvestmentPages } from './investment-hooks';
import { INVESTMENT_STATUS, formatRate } from './invest-rules';

export function InvestmentStatusBadge({ status }: { status: TInvestment['status'] }) {
  const s = INVESTMENT_STATUS[status];
  return (
    <Badge colorPalette={s.palette} variant="subtle" whiteSpace="nowrap">
      {s.label}
    </Badge>
  );
}

/** Paid payouts out of all of them, as a labelled bar. */
export function PayoutProgress({ position }: { position: TInvestment }) {
  const { t } = useLingui();
  const paid = position.paidPeriods;
  const total = position.totalPeriods;
  const label = t`${paid} of ${total} payouts made`;
  return (
    <Progress.Root value={position.paidPeriods} max={Math.max(position.totalPeriods, 1)} size="sm" colorPalette="teal">
      <HStack justify="space-between" mb="1">
        <Progress.Label fontSize="xs" color="fg.muted" fontWeight="normal">
          {label}
        </Progress.Label>
      </HStack>
      <Progress.Track>
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <Text as="dt" color="fg.muted">
        {label}
      </Text>
      <Text as="dd" fontWeight="semibold" textAlign="end">
        {children}
      </Text>
    </>
  );
}

function PositionCard({ position, onRedeem }: { position: TInvestment; onRedeem: () => void }) {
  const { t, i18n } = useLingui();
  const canRedeem = position.status === 'active' && position.earlyExitAllowed;
  const planName = position.planName;
  const amount = formatMoney(position.amount);
  const rate = formatRate(position.annualRateBps);
  const next = position.nextPayout;
  const nextAmount = next ? formatMoney(next.amount) : '';
  const nextDue = next ? formatDate(next.dueAt) : '';
  return (
    <Card.Root as="article" aria-label={t`${planName} investment of ${amount}`}>
      <Card.Header pb="2">
        <HStack justify="space-between" gap="3" align="flex-start">
          <Heading as="h3" size="md" wordBreak="break-word">
            {position.planName}
          </Heading>
          <InvestmentStatusBadge status={position.status} />
        </HStack>
      </Card.Header>
      <Card.Body py="2">
        <Stack gap="4">
          <Box as="dl" display="grid" gridTemplateColumns="auto 1fr" columnGap="4" rowGap="1.5" fontSize="sm">
            <Row label={t`Principal`}>{amount}</Row>
            <Row label={t`Rate`}>{t`${rate} a year`}</Row>
            <Row label={t`Started`}>{formatDate(position.startedAt)}</Row>
            <Row label={t`Matures`}>{formatDate(position.maturityAt)}</Row>
            <Row label={t`Interest paid`}>{formatMoney(position.interestPaid)}</Row>
            <Row label={t`Next payout`}>{next ? t`${nextAmount} on ${nextDue}` : '—'}</Row>
            <Row label={t`At maturity`}>{i18n._(RENEW_CHOICE[position.renew])}</Row>
          </Box>
          <RenewalLinks position={position} />
          <PayoutProgress position={position} />
        </Stack>
      </Card.Body>
      <Card.Footer gap="2" flexWrap="wrap" pt="3">
        <Button asChild size="sm" variant="outline" colorPalette="teal">
          <RouterLink
            to={`/dashboard/investments/${position.id}`}
            aria-label={t`Schedule of the ${planName} investment of ${amount}`}
          >
            <Trans>View schedule</Trans>
          </RouterLink>
        </Button>
        {canRedeem ? (
          <Button
            size="sm"
            variant="outline"
            colorPalette="red"
            onClick={onRedeem}
            aria-label={t`Redeem the ${planName} investment of ${amount}`}
          >
            <Trans>Redeem</Trans>
          </Button>
        ) : null}
      </Card.Footer>
    </Card.Root>
  );
}

/** "My investments": the signed-in user's positions, newest first, with Redeem where the plan allows it. */
export function MyInvestments() {
  const { t } = useLingui();
  const { user, isAdmin } = useSession();
  // An admin's list without a user filter is everyone's: ask for their own.
  const list = useInvestmentPages({ limit: 20, userId: isAdmin ? user?.id : undefined }, Boolean(user));
  const [toRedeem, setToRedeem] = useState<TInvestment | null>(null);

  const body = listState(list, {
    loading: t`Loading your investments...`,
    minH: '8rem',
    errorTitle: t`Could not load your investments`,
    empty: (
      <EmptyState
        title={t`No investments yet`}
        description={t`Pick a plan below and press Invest Now. Your positions and their payouts will show here.`}
      />
    ),
  }) ?? (
    <Stack gap="2">
      <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
        {list.items.map((p) => (
          <PositionCard key={p.id} position={p} onRedeem={() => setToRedeem(p)} />
        ))}
      </SimpleGrid>
      <LoadMoreOf list={list} noun="investment" />
    </Stack>
  );

  return (
    <Stack as="section" aria-labelledby="my-investments-title" gap="4">
      <Heading as="h2" id="my-investments-title" size="xl">
        <Trans>My investments</Trans>
      </Heading>
      {body}
      <RedeemDialog position={toRedeem} onClose={() => setToRedeem(null)} />
    </Stack>
  );
}
