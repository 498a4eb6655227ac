import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Badge, Box, Card, HStack, Heading, Icon, Link, SimpleGrid, Stack, Stat, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { LuCircle, LuCircleCheck, LuClock } from 'react-icons/lu';
import { type TInvestment, usdLines } from '@vestora/contract';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format';
import { LEDGER_KIND_LABELS } from '../../lib/money-labels';
import { useSession } from '../../lib/session';
import { useSiteConfig } from '../../lib/site-hooks';
import { trpc } from '../../lib/trpc';
import { useBitcoinInstructions } from '../deposit/BitcoinDeposit';

type StepState = 'done' | 'waiting' | 'todo' | 'loading';

function Step({ state, title, children }: { state: StepState; title: string; children?: ReactNode }) {
  const { t } = useLingui();
  const icon = state === 'done' ? LuCircleCheck : state === 'waiting' ? LuClock : LuCircle;
  const color = state === 'done' ? 'fg.success' : state === 'waiting' ? 'fg.warning' : 'fg.subtle';
  const stateWords = state === 'done' ? t`done` : state === 'waiting' ? t`waiting` : t`to do`;
  return (
    <HStack as="li" align="start" gap="3" data-state={state}>
      <Icon as={icon} boxSize="5" color={color} mt="0.5" flexShrink={0} aria-hidden />
      <Box flex="1" minW="0">
        <Text fontWeight="semibold">
          {title}
          {state === 'loading' ? null : (
            <>
              {' '}
              <Text as="span" srOnly>
                ({stateWords})
              </Text>
            </>
          )}
        </Text>
        {state === 'loading' ? (
          // One line of the description's size (a line of sm text), until the data says which description.
          <Box h="5" py="1">
            <Box h="full" w="70%" rounded="sm" bg="bg.emphasized" opacity={0.6} />
          </Box>
        ) : (
          <Text fontSize="sm" color="fg.muted">
            {children}
          </Text>
        )}
      </Box>
    </HStack>
  );
}

/**
 * The checklist's card and steps as they will stand, their descriptions greyed, while what ticks them loads: the
 * card takes its place at once, so the plans below it do not move down when the data arrives.
 */
function ChecklistLoading() {
  const { t } = useLingui();
  return (
    <Card.Root as="section" aria-labelledby="start-title" aria-busy="true" data-testid="member-checklist-loading">
      <Card.Body gap="4">
        <Heading as="h2" id="start-title" size="lg">
          <Trans>Getting started</Trans>
        </Heading>
        <Stack as="ol" gap="3" listStyleType="none">
          <Step state="loading" title={t`Verify your email`} />
          <Step state="loading" title={t`Deposit money`} />
          <Step state="loading" title={t`Invest in a plan`} />
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** The three steps of a new member: verify the email, deposit, invest (each ticked from real data). */
function Checklist() {
  const { t } = useLingui();
  const { user } = useSession();
  const mailEnabled = useSiteConfig()?.mailEnabled;
  const deposits = trpc.deposit.list.useQuery({ limit: 25, userId: user?.id }, { enabled: !!user });
  // Whether bank transfers are open (the deposit account is set) and Bitcoin is offered: the step says only what
  // the member can do now.
  const account = trpc.account.get.useQuery(undefined, { retry: false, enabled: !!user });
  const { bitcoin } = useBitcoinInstructions();
  // Without the deposits (a failed load) there is nothing true to tick: no checklist, as before it loaded.
  if (deposits.isError) return null;
  if (!user || !deposits.data || account.isPending) return <ChecklistLoading />;
  const bankOpen = account.data?.isSet === true;
  const confirmed = deposits.data.items.some((d) => d.status === 'confirmed');
  const pending = deposits.data.items.some((d) => d.status === 'pending');
  const funded = confirmed || user.balance > 0;
  const balance = formatMoney(user.balance);
  return (
    <Card.Root as="section" aria-labelledby="start-title" data-testid="member-checklist">
      <Card.Body gap="4">
        <Heading as="h2" id="start-title" size="lg">
          <Trans>Getting started</Trans>
        </Heading>
        <Stack as="ol" gap="3" listStyleType="none">
          <Step state={user.emailVerified ? 'done' : 'todo'} title={t`Verify your email`}>
            {user.emailVerified
              ? t`Your address is verified.`
              : mailEnabled === false
                ? t`Mail is not being sent on this installation: an administrator can mark your address verified.`
                : t`Open the link we sent to your address (Settings can send a new one).`}
          </Step>
          <Step state={funded ? 'done' : pending ? 'waiting' : 'todo'} title={t`Deposit money`}>
            {funded ? (
              t`Your balance is ${balance}.`
            ) : pending ? (
              t`Your deposit report is waiting for the transfer to show on our bank statement; it is credited then.`
            ) : bankOpen ? (
              <Trans>
                Send a bank transfer with your deposit reference, shown on the{' '}
                <Link asChild color="teal.fg" fontWeight="semibold">
                  <RouterLink to="/dashboard/deposit">Deposit</RouterLink>
                </Link>{' '}
                page: it is credited when our bank statement shows it.
              </Trans>
            ) : bitcoin ? (
              <Trans>
                Bank transfers are not open yet. You can pay in Bitcoin to your own address on the{' '}
                <Link asChild color="teal.fg" fontWeight="semibold">
                  <RouterLink to="/dashboard/deposit">Deposit</RouterLink>
                </Link>{' '}
                page.
              </Trans>
            ) : (
              t`Deposits are not open yet: please send nothing until the Deposit page shows the bank account to use.`
            )}
          </Step>
          <Step state="todo" title={t`Invest in a plan`}>
            {funded
              ? t`Pick a plan below and choose how much of your balance to invest.`
              : t`Once your deposit is credited, pick one of the plans below.`}
          </Step>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** Once invested: the balance, the next payouts and the latest balance changes. */
function Summary({ positions }: { positions: TInvestment[] }) {
  const { t } = useLingui();
  const { user } = useSession();
  const summary = trpc.investment.summary.useQuery();
  const recent = trpc.ledger.list.useQuery({ limit: 5, userId: user?.id }, { enabled: !!user });
  const next = positions
    .filter((p) => p.status === 'active' && p.nextPayout)
    .map((p) => ({ id: p.id, plan: p.planName, ...p.nextPayout! }))
    .sort((a, b) => a.dueAt.localeCompare(b.dueAt))
    .slice(0, 3);
  return (
    <Card.Root as="section" aria-labelledby="summary-title" data-testid="member-summary">
      <Card.Body gap="5">
        <Heading as="h2" id="summary-title" size="lg">
          <Trans>Your money</Trans>
        </Heading>
        <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
          <Stat.Root>
            <Stat.Label>
              <Trans>Available balance</Trans>
            </Stat.Label>
            <Stat.ValueText>{formatMoney(summary.data?.available ?? user?.balance)}</Stat.ValueText>
          </Stat.Root>
          <Stat.Root>
            <Stat.Label>
              <Trans>Invested</Trans>
            </Stat.Label>
            <Stat.ValueText>{summary.data ? formatMoney(summary.data.invested) : '—'}</Stat.ValueText>
          </Stat.Root>
          <Stat.Root>
            <Stat.Label>
              <Trans>Interest received</Trans>
            </Stat.Label>
            <Stat.ValueText>{summary.data ? formatMoney(summary.data.interestReceived) : '—'}</Stat.ValueText>
          </Stat.Root>
        </SimpleGrid>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
          <Stack gap="2">
            <Heading as="h3" size="sm">
              <Trans>Next payouts</Trans>
            </Heading>
            {next.length === 0 ? (
              <Text fontSize="sm" color="fg.muted">
                <Trans>No payout is due: none of your positions is active.</Trans>
              </Text>
            ) : (
              <Stack as="ul" gap="1" listStyleType="none">
                {next.map((n) => {
                  const nextAmount = formatMoney(n.amount);
                  const nextDue = formatDate(n.dueAt);
                  return (
                    <HStack as="li" key={n.id} justify="space-between" fontSize="sm" gap="3">
                      <Link asChild color="teal.fg">
                        <RouterLink to={`/dashboard/investments/${n.id}`}>{n.plan}</RouterLink>
                      </Link>
                      <Text>{t`${nextAmount} on ${nextDue}`}</Text>
                    </HStack>
                  );
                })}
              </Stack>
            )}
          </Stack>
          <Stack gap="2">
            <Heading as="h3" size="sm">
              <Trans>Recent activity</Trans>
            </Heading>
            <Stack as="ul" gap="1" listStyleType="none">
              {usdLines(recent.data?.items ?? []).map((e) => (
                <HStack as="li" key={e.id} justify="space-between" fontSize="sm" gap="3">
                  <Text>
                    {LEDGER_KIND_LABELS[e.kind]}{' '}
                    <Text as="span" color="fg.muted">
                      {formatDateTime(e.createdAt)}
                    </Text>
                  </Text>
                  <Badge colorPalette={e.amount >= 0 ? 'green' : 'gray'}>
                    {e.amount >= 0 ? '+' : '−'}
                    {formatMoney(Math.abs(e.amount))}
                  </Badge>
                </HStack>
              ))}
            </Stack>
            <Link asChild color="teal.fg" fontSize="sm">
              <RouterLink to="/dashboard/transactions">
                <Trans>All transactions</Trans>
              </RouterLink>
            </Link>
          </Stack>
        </SimpleGrid>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * The top of a member's dashboard index (the plans the specification puts there follow it): a short checklist
 * until the member has invested, then a summary of their money. Admins see the index as specified.
 */
export function MemberStart() {
  const { user } = useSession();
  const positions = trpc.investment.list.useQuery(
    { limit: 100, userId: user?.id },
    { enabled: !!user && user.accountType === 'user' },
  );
  if (!user || user.accountType !== 'user') return null;
  // Most members who see this page have not invested yet: the checklist's place is kept while we find out.
  if (positions.isError) return null;
  if (!positions.data) return <ChecklistLoading />;
  return positions.data.items.length === 0 ? <Checklist /> : <Summary positions={positions.data.items} />;
}
