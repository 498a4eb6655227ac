import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Badge, Box, Card, Code, HStack, Heading, Link, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import type { TAdminOverview } from '@vestora/contract';
import { LuCircleAlert, LuCircleCheck } from 'react-icons/lu';
import { ErrorState, PageLoader } from '../../components/ui/states';
import { errorMessage } from '../../lib/errors';
import { formatDateTime, formatInteger, formatMoney } from '../../lib/format';
import { usePageTitle } from '../../lib/page-title';
import { trpc } from '../../lib/trpc';
import { PageIntro } from '../dashboard/PageIntro';
import { RoleRequests } from './RoleRequests';
import { BitcoinWatcherPanel } from './BitcoinWatcher';

function Figure({ label, value, children }: { label: string; value: string; children?: ReactNode }) {
  return (
    <Card.Root size="sm">
      <Card.Body gap="1">
        <Text fontSize="sm" color="fg.muted">
          {label}
        </Text>
        <Text fontSize="2xl" fontWeight="bold" data-testid={`figure-${label}`}>
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
      borderColor={ok ? 'green.300' : 'red.500'}
      borderWidth={ok ? '1px' : '2px'}
      bg={ok ? 'white' : 'red.50'}
      role="group"
      aria-label={title}
    >
      <Card.Body>
        <HStack gap="3" align="flex-start">
          <Box color={ok ? 'green.600' : 'red.600'} pt="0.5" aria-hidden>
            {ok ? <LuCircleCheck size="20" /> : <LuCircleAlert size="20" />}
          </Box>
          <Stack gap="0.5">
            <HStack gap="2">
              <Text fontWeight="semibold">{title}</Text>
              <Badge colorPalette={ok ? 'green' : 'red'} variant={ok ? 'subtle' : 'solid'}>
                {ok ? 'OK' : 'Not OK'}
              </Badge>
            </HStack>
            <Text fontSize="sm" color={ok ? 'fg.muted' : 'red.800'}>
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
  title: string;
  body: ReactNode;
  to: string;
  linkText: string;
}

/** What the installation still needs (deposit account, mail, a second admin), each with a link to fix it. */
export function setupTodos(setup: TAdminOverview['setup']): Todo[] {
  const todos: Todo[] = [];
  if (!setup.depositAccountSet) {
    todos.push({
      id: 'deposit-account',
      title: 'The deposit account is not set',
      body: 'Members see "Deposits are not open yet" until the platform\'s real bank account replaces the placeholder.',
      to: '/dashboard/deposit',
      linkText: 'Set the deposit account',
    });
  }
  if (!setup.mailDelivered) {
    todos.push({
      id: 'smtp',
      title: 'Mail is not being sent (SMTP is not set)',
      body: (
        <>
          Verification links, password resets and notices wait in the Outbox. Set <Code>SMTP_URL</Code> in the server's
          environment and restart it to deliver them.
        </>
      ),
      to: '/dashboard/outbox',
      linkText: 'Open the Outbox',
    });
  }
  if (setup.activeAdmins < 2) {
    todos.push({
      id: 'second-admin',
      title: 'There is no second administrator (four eyes)',
      body: (
        <>
          Your own deposits, withdrawals and balance need another administrator to review them. Make a trusted user an
          administrator in User Management, or run <Code>pnpm cli create-admin --email …</Code>.
        </>
      ),
      to: '/dashboard/user',
      linkText: 'Open User Management',
    });
  }
  return todos;
}

function SetupTodos({ todos }: { todos: Todo[] }) {
  if (todos.length === 0) return null;
  return (
    <Card.Root as="section" aria-labelledby="todo-title" size="sm" borderColor="orange.300" bg="orange.50">
      <Card.Body gap="3">
        <Heading as="h2" id="todo-title" size="md">
          To do before members rely on this installation
        </Heading>
        <Stack as="ul" gap="3" listStyleType="none" ms="0">
          {todos.map((t) => (
            <Box as="li" key={t.id} data-testid={`todo-${t.id}`}>
              <Text fontWeight="semibold">{t.title}</Text>
              <Text fontSize="sm">{t.body}</Text>
              <Link asChild color="teal.700" fontSize="sm" fontWeight="medium">
                <RouterLink to={t.to}>{t.linkText}</RouterLink>
              </Link>
            </Box>
          ))}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** /dashboard/overview (admins): the morning figures and the two checks, with links to where work waits. */
export default function AdminOverviewPage() {
  usePageTitle('Overview');
  // The page refreshes itself as often as the server refreshes the money figures, so an open page never shows
  // figures older than its label says.
  const overview = trpc.overview.admin.useQuery(undefined, {
    refetchOnWindowFocus: true,
    refetchInterval: 60_000,
  });

  if (overview.isPending) return <PageLoader label="Loading the overview..." />;
  if (overview.isError)
    return (
      <ErrorState
        title="Could not load the overview"
        description={errorMessage(overview.error)}
        onRetry={() => void overview.refetch()}
        retrying={overview.isRefetching}
      />
    );
  const o = overview.data;
  // Both checks read every ledger entry and balance, so the page shows the last full check (re-run every few
  // minutes, or on request on the money desk); the money figures are at most a minute old, the queues live.
  const checkedAt = formatDateTime(o.ledgerCheckedAt);
  const deskLink = (tab: string, text: string) => (
    <Link asChild color="teal.700" fontSize="sm" fontWeight="medium">
      <RouterLink to={`/dashboard/money-desk${tab ? `?tab=${tab}` : ''}`}>{text}</RouterLink>
    </Link>
  );

  return (
    <Stack gap="6">
      <PageIntro title="Overview">
        What the platform holds and owes this morning, and whether the books balance.
      </PageIntro>

      <SetupTodos todos={setupTodos(o.setup)} />

      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <Check
          title="Platform check"
          ok={o.platform.ok}
          okText={`At the last full check, ${checkedAt}, balances, open principal and held withdrawals added up to the money that came in and went out.`}
          badText={`At the last full check, ${checkedAt}, the platform's books were off by ${formatMoney(o.platform.difference)}. Investigate before paying anything out.`}
        />
        <Check
          title="Ledger check"
          ok={o.ledgerOk}
          okText={`Every balance equalled the sum of its ledger entries at the last full check, ${checkedAt}.`}
          badText={`At the last full check, ${checkedAt}, at least one balance differed from its ledger. See the Ledger check tab of the money desk.`}
        />
      </SimpleGrid>

      <Text fontSize="sm" color="fg.muted" data-testid="figures-at">
        Users and pending requests are live; balances, principal and interest due as of {formatDateTime(o.figuresAt)}{' '}
        (never more than a minute old; this page refreshes itself every minute).
      </Text>
      <SimpleGrid columns={{ base: 1, sm: 2, xl: 4 }} gap="4">
        <Figure label="Users" value={formatInteger(o.users)} />
        <Figure label="Balances held" value={formatMoney(o.balancesHeld)} />
        <Figure label="Principal invested" value={formatMoney(o.principalInvested)} />
        <Figure label="Interest due in the next 30 days" value={formatMoney(o.interestDueNext30Days)} />
        <Figure
          label="Pending deposits"
          value={`${formatInteger(o.pendingDeposits.count)} · ${formatMoney(o.pendingDeposits.amount)}`}
        >
          {deskLink('', 'Review deposits')}
        </Figure>
        <Figure
          label="Pending withdrawals"
          value={`${formatInteger(o.pendingWithdrawals.count)} · ${formatMoney(o.pendingWithdrawals.amount)}`}
        >
          {deskLink('withdrawals', 'Review withdrawals')}
        </Figure>
      </SimpleGrid>

      <RoleRequests />

      <BitcoinWatcherPanel />

      <Stack as="section" aria-labelledby="by-plan-title" gap="3">
        <HStack justify="space-between" flexWrap="wrap">
          <Heading as="h2" id="by-plan-title" size="lg">
            Principal invested per plan
          </Heading>
          {deskLink('investments', 'All positions')}
        </HStack>
        {o.principalByPlan.length === 0 ? (
          <Text color="fg.muted">No open positions yet.</Text>
        ) : (
          <Table.ScrollArea borderWidth="1px" rounded="md" bg="white">
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Plan</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Positions</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Principal</Table.ColumnHeader>
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
