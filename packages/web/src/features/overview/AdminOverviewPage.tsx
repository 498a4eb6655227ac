import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  Badge,
  Box,
  Button,
  Card,
  Code,
  HStack,
  Heading,
  Link,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import type { TAdminOverview } from '@vestora/contract';
import { LuCircleAlert, LuCircleCheck, LuRefreshCw } from 'react-icons/lu';
import { Trans, useLingui } from '@lingui/react/macro';
import { ErrorState, PageLoader } from '../../components/ui/states';
import { errorMessage } from '../../lib/errors';
import { formatDateTime, formatInteger, formatMoney } from '../../lib/format';
import { usePageTitle } from '../../lib/page-title';
import { trpc } from '../../lib/trpc';
import { PageIntro } from '../dashboard/PageIntro';
import { RoleRequests } from './RoleRequests';
import { BitcoinWatcherPanel } from './BitcoinWatcher';
import { BackgroundJobsPanel } from './BackgroundJobs';
import { AutomationPanel } from './AutomationPanel';

/** `testId` stays English (browser tests find the figure by it); `label` is in the reader's language. */
function Figure({
  label,
  testId,
  value,
  children,
}: {
  label: string;
  testId: string;
  value: string;
  children?: ReactNode;
}) {
  return (
    <Card.Root size="sm">
      <Card.Body gap="1">
        <Text fontSize="sm" color="fg.muted">
          {label}
        </Text>
        <Text fontSize="2xl" fontWeight="bold" data-testid={`figure-${testId}`}>
          {value}
        </Text>
        {children}
      </Card.Body>
    </Card.Root>
  );
}

/** A check shown plainly: green with a tick when it holds, red with what is wrong when not. */
function Check({ title, ok, okText, badText }: { title: string; ok: boolean; okText: string; badText: string }) {
  return (
    <Card.Root
      size="sm"
      borderColor={ok ? 'border.success' : 'border.error'}
      borderWidth={ok ? '1px' : '2px'}
      bg={ok ? 'bg.panel' : 'bg.error'}
      role="group"
      aria-label={title}
    >
      <Card.Body>
        <HStack gap="3" align="flex-start">
          <Box color={ok ? 'fg.success' : 'fg.error'} pt="0.5" aria-hidden>
            {ok ? <LuCircleCheck size="20" /> : <LuCircleAlert size="20" />}
          </Box>
          <Stack gap="0.5">
            <HStack gap="2">
              <Text fontWeight="semibold">{title}</Text>
              <Badge colorPalette={ok ? 'green' : 'red'} variant={ok ? 'subtle' : 'solid'}>
                {ok ? <Trans>OK</Trans> : <Trans>Not OK</Trans>}
              </Badge>
            </HStack>
            <Text fontSize="sm" color={ok ? 'fg.muted' : 'fg.error'}>
              {ok ? okText : badText}
            </Text>
          </Stack>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

/** One thing the installation still needs, with where to fix it. */
interface Todo {
  id: string;
  title: ReactNode;
  body: ReactNode;
  to: string;
  linkText: ReactNode;
}

/** What the installation still needs (deposit account, mail, a second admin), each with a link to fix it. */
export function setupTodos(setup: TAdminOverview['setup']): Todo[] {
  const todos: Todo[] = [];
  if (!setup.depositAccountSet) {
    todos.push({
      id: 'deposit-account',
      title: <Trans>The deposit account is not set</Trans>,
      body: (
        <Trans>
          Members see "Deposits are not open yet" until the platform's real bank account replaces the placeholder.
        </Trans>
      ),
      to: '/dashboard/deposit',
      linkText: <Trans>Set the deposit account</Trans>,
    });
  }
  if (!setup.mailDelivered) {
    todos.push({
      id: 'smtp',
      title: <Trans>Mail is not being sent (SMTP is not set)</Trans>,
      body: (
        <Trans>
          Verification links, password resets and notices wait in the Outbox. Set <Code>SMTP_URL</Code> in the server's
          environment and restart it to deliver them.
        </Trans>
      ),
      to: '/dashboard/outbox',
      linkText: <Trans>Open the Outbox</Trans>,
    });
  }
  if (setup.activeAdmins < 2) {
    todos.push({
      id: 'second-admin',
      title: <Trans>There is no second administrator (four eyes)</Trans>,
      body: (
        <Trans>
          Your own deposits, withdrawals and balance need another administrator to review them. Make a trusted user an
          administrator in User Management, or run <Code>pnpm cli create-admin --email …</Code>.
        </Trans>
      ),
      to: '/dashboard/user',
      linkText: <Trans>Open User Management</Trans>,
    });
  }
  return todos;
}

function SetupTodos({ todos }: { todos: Todo[] }) {
  if (todos.length === 0) return null;
  return (
    <Card.Root as="section" aria-labelledby="todo-title" size="sm" borderColor="border.warning" bg="bg.warning">
      <Card.Body gap="3">
        <Heading as="h2" id="todo-title" size="md">
          <Trans>To do before members rely on this installation</Trans>
        </Heading>
        <Stack as="ul" gap="3" listStyleType="none" ms="0">
          {todos.map((todo) => (
            <Box as="li" key={todo.id} data-testid={`todo-${todo.id}`}>
              <Text fontWeight="semibold">{todo.title}</Text>
              <Text fontSize="sm">{todo.body}</Text>
              <Link asChild color="teal.fg" fontSize="sm" fontWeight="medium">
                <RouterLink to={todo.to}>{todo.linkText}</RouterLink>
              </Link>
            </Box>
          ))}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * How often an open Overview reloads its figures and both checks (#34: its "last full check" stayed old for half
 * an hour of money movement): the server keeps the money figures at most a minute old and re-runs the full check
 * once it is a few minutes old. The interval pauses while the tab is hidden (refetchIntervalInBackground off:
 * React Query's focus manager follows document.visibilityState) and the page reloads when it is shown again.
 */
export const OVERVIEW_REFRESH_MS = 60_000;

/** /dashboard/overview (admins): the morning figures and the two checks, with links to where work waits. */
export default function AdminOverviewPage() {
  const { t } = useLingui();
  usePageTitle(t`Overview`);
  // The page refreshes itself as often as the server refreshes the money figures, so an open page never shows
  // figures older than its label says.
  const overview = trpc.overview.admin.useQuery(undefined, {
    refetchOnWindowFocus: true,
    refetchInterval: OVERVIEW_REFRESH_MS,
    refetchIntervalInBackground: false,
  });

  if (overview.isPending) return <PageLoader label={t`Loading the overview...`} />;
  if (overview.isError)
    return (
      <ErrorState
        title={t`Could not load the overview`}
        description={errorMessage(overview.error)}
        onRetry={() => void overview.refetch()}
        retrying={overview.isRefetching}
      />
    );
  const o = overview.data;
  // Both checks read every ledger entry and balance, so the page shows the last full check (re-run every few
  // minutes, or on request on the money desk); the money figures are at most a minute old, the queues live.
  const checkedAt = formatDateTime(o.ledgerCheckedAt);
  const difference = formatMoney(o.platform.difference);
  const openOrders = formatInteger(o.limitOrders.open);
  const failedOrders = formatInteger(o.limitOrders.failedToFill);
  const figuresAt = formatDateTime(o.figuresAt);
  const updatedAt = formatDateTime(new Date(overview.dataUpdatedAt).toISOString());
  const deskLink = (tab: string, text: string) => (
    <Link asChild color="teal.fg" fontSize="sm" fontWeight="medium">
      <RouterLink to={`/dashboard/money-desk${tab ? `?tab=${tab}` : ''}`}>{text}</RouterLink>
    </Link>
  );

  return (
    <Stack gap="6">
      <PageIntro title={t`Overview`}>
        <Trans>What the platform holds and owes this morning, and whether the books balance.</Trans>
      </PageIntro>

      <HStack gap="3" flexWrap="wrap">
        <Text fontSize="sm" color="fg.muted" data-testid="overview-updated">
          <Trans>Page updated {updatedAt}; it refreshes itself every minute while this tab is open.</Trans>
        </Text>
        <Button
          size="xs"
          variant="outline"
          onClick={() => void overview.refetch()}
          loading={overview.isFetching}
          loadingText={t`Refreshing…`}
        >
          <LuRefreshCw aria-hidden />
          <Trans>Refresh now</Trans>
        </Button>
      </HStack>

      <SetupTodos todos={setupTodos(o.setup)} />

      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <Check
          title={t`Platform check`}
          ok={o.platform.ok}
          okText={t`At the last full check, ${checkedAt}, balances, open principal and held withdrawals added up to the money that came in and went out.`}
          badText={t`At the last full check, ${checkedAt}, the platform's books were off by ${difference}. Investigate before paying anything out.`}
        />
        <Check
          title={t`Ledger check`}
          ok={o.ledgerOk}
          okText={t`Every balance equalled the sum of its ledger entries at the last full check, ${checkedAt}.`}
          badText={t`At the last full check, ${checkedAt}, at least one balance differed from its ledger. See the Ledger check tab of the money desk.`}
        />
        <Check
          title={t`Limit orders`}
          ok={o.limitOrders.failedToFill === 0}
          okText={t`${openOrders} open; none has reached its price without the platform being able to fill it.`}
          badText={t`${failedOrders} of ${openOrders} open orders reached their price but the platform could not fill them (treasury or exposure limit): they wait and say why. Fund the treasury under Coins.`}
        />
      </SimpleGrid>

      <Text fontSize="sm" color="fg.muted" data-testid="figures-at">
        <Trans>
          Users and pending requests are live; balances, principal and interest due as of {figuresAt} (never more than a
          minute old).
        </Trans>
      </Text>
      <SimpleGrid columns={{ base: 1, sm: 2, xl: 4 }} gap="4">
        <Figure label={t`Users`} testId="Users" value={formatInteger(o.users)} />
        <Figure label={t`Balances held`} testId="Balances held" value={formatMoney(o.balancesHeld)} />
        <Figure label={t`Principal invested`} testId="Principal invested" value={formatMoney(o.principalInvested)} />
        <Figure
          label={t`Interest due in the next 30 days`}
          testId="Interest due in the next 30 days"
          value={formatMoney(o.interestDueNext30Days)}
        />
        <Figure
          label={t`Pending deposits`}
          testId="Pending deposits"
          value={`${formatInteger(o.pendingDeposits.count)} · ${formatMoney(o.pendingDeposits.amount)}`}
        >
          {deskLink('', t`Review deposits`)}
        </Figure>
        <Figure
          label={t`Pending withdrawals`}
          testId="Pending withdrawals"
          value={`${formatInteger(o.pendingWithdrawals.count)} · ${formatMoney(o.pendingWithdrawals.amount)}`}
        >
          {deskLink('withdrawals', t`Review withdrawals`)}
        </Figure>
      </SimpleGrid>

      <RoleRequests />

      <BitcoinWatcherPanel />

      <BackgroundJobsPanel />

      <AutomationPanel />

      <Stack as="section" aria-labelledby="by-plan-title" gap="3">
        <HStack justify="space-between" flexWrap="wrap">
          <Heading as="h2" id="by-plan-title" size="lg">
            <Trans>Principal invested per plan</Trans>
          </Heading>
          {deskLink('investments', t`All positions`)}
        </HStack>
        {o.principalByPlan.length === 0 ? (
          <Text color="fg.muted">
            <Trans>No open positions yet.</Trans>
          </Text>
        ) : (
          <Table.ScrollArea borderWidth="1px" rounded="md" bg="bg.panel">
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>
                    <Trans>Plan</Trans>
                  </Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">
                    <Trans>Positions</Trans>
                  </Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">
                    <Trans>Principal</Trans>
                  </Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {o.principalByPlan.map((p) => (
                  <Table.Row key={p.planId}>
                    <Table.Cell>{p.planName}</Table.Cell>
                    <Table.Cell textAlign="end">{formatInteger(p.positions)}</Table.Cell>
                    <Table.Cell textAlign="end">{formatMoney(p.principal)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </Stack>
    </Stack>
  );
}
