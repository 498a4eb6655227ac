import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  Badge,
  Box,
  Button,
  Card,
  Flex,
  HStack,
  Heading,
  Icon,
  IconButton,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { LuPencil, LuPlus, LuTrash2 } from 'react-icons/lu';
import type { TPlan } from '@vestora/contract';
import { trpc } from '../../lib/trpc';
import { useSession } from '../../lib/session';
import { errorMessage } from '../../lib/errors';
import { toaster } from '../../components/ui/toaster';
import { EmptyState, ErrorState, PageLoader } from '../../components/ui/states';
import { ConfirmDialog } from './ConfirmDialog';
import { planLook, planRows } from './plan-display';

interface PlanListProps {
  /** Dashboard use: admins get Create, Edit and Delete. Home passes false. */
  showAdminControls?: boolean;
}

/** The investment plans as cards; used on Home (read-only) and in the dashboard (admin controls). */
export default function PlanList({ showAdminControls = false }: PlanListProps) {
  const plans = trpc.plan.list.useQuery();

  if (plans.isPending) return <PageLoader label="Loading investment plans..." />;
  if (plans.isError)
    return (
      <ErrorState
        title="Could not load the investment plans"
        description={errorMessage(plans.error, 'Please try again.')}
        onRetry={() => void plans.refetch()}
      />
    );

  // Home is visible to signed-out visitors: only the dashboard variant asks who is signed in.
  return showAdminControls ? <AdminAwarePlanGrid plans={plans.data} /> : <PlanGrid plans={plans.data} admin={false} />;
}

function AdminAwarePlanGrid({ plans }: { plans: TPlan[] }) {
  const { isAdmin } = useSession();
  return <PlanGrid plans={plans} admin={isAdmin} />;
}

function PlanGrid({ plans, admin }: { plans: TPlan[]; admin: boolean }) {
  const [toDelete, setToDelete] = useState<TPlan | null>(null);
  const utils = trpc.useUtils();
  const remove = trpc.plan.delete.useMutation({
    onSuccess: async (_data, { id }) => {
      const name = plans.find((p) => p.id === id)?.investmentPlanName ?? 'The plan';
      toaster.create({ type: 'success', title: `${name} was deleted.` });
      setToDelete(null);
      await utils.plan.list.invalidate();
    },
    onError: (err) => {
      toaster.create({ type: 'error', title: 'Could not delete the plan', description: errorMessage(err, 'Please try again.') });
    },
  });

  return (
    <Stack gap="5">
      {admin && (
        <Flex justify="flex-end">
          <Button asChild colorPalette="blue">
            <RouterLink to="/dashboard/CreateInvestmentPlan">
              <LuPlus /> Create Plan
            </RouterLink>
          </Button>
        </Flex>
      )}

      {plans.length === 0 ? (
        <EmptyState
          title="No investment plans yet"
          description={admin ? 'Create the first plan with the Create Plan button.' : 'Plans will appear here once they are published.'}
        />
      ) : (
        <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="5">
          {plans.map((plan) => (
            <PlanCard key={plan.id} plan={plan} admin={admin} onDelete={() => setToDelete(plan)} />
          ))}
        </SimpleGrid>
      )}

      <ConfirmDialog
        open={toDelete !== null}
        title="Delete this plan?"
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() => toDelete && remove.mutate({ id: toDelete.id })}
        onClose={() => !remove.isPending && setToDelete(null)}
      >
        <Text>
          <strong>{toDelete?.investmentPlanName}</strong> will be removed from the plans list for everyone. This cannot be
          undone.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}

function PlanCard({ plan, admin, onDelete }: { plan: TPlan; admin: boolean; onDelete: () => void }) {
  const look = planLook(plan.investmentPlanName);
  return (
    <Card.Root
      as="article"
      aria-label={`${plan.investmentPlanName} plan`}
      borderWidth="1px"
      borderTopWidth="4px"
      borderColor={`${look.palette}.solid`}
      colorPalette={look.palette}
      transition="box-shadow 0.2s, transform 0.2s"
      _hover={{ shadow: 'lg', transform: 'translateY(-2px)' }}
    >
      <Card.Header>
        <HStack justify="space-between" align="flex-start" gap="3">
          <HStack gap="3" minW="0">
            <Flex
              flexShrink={0}
              boxSize="11"
              align="center"
              justify="center"
              rounded="full"
              bg="colorPalette.subtle"
              color="colorPalette.fg"
            >
              <Icon as={look.icon} boxSize="6" aria-hidden />
            </Flex>
            <Heading as="h3" size="lg" lineClamp={2}>
              {plan.investmentPlanName}
            </Heading>
          </HStack>
          {admin && (
            <HStack gap="1" flexShrink={0}>
              <IconButton asChild aria-label={`Edit ${plan.investmentPlanName}`} variant="ghost" size="sm" colorPalette="gray">
                <RouterLink to={`/dashboard/createInvestmentEdit/${plan.id}`}>
                  <LuPencil />
                </RouterLink>
              </IconButton>
              <IconButton aria-label={`Delete ${plan.investmentPlanName}`} variant="ghost" size="sm" colorPalette="red" onClick={onDelete}>
                <LuTrash2 />
              </IconButton>
            </HStack>
          )}
        </HStack>
      </Card.Header>
      <Card.Body pt="4">
        <Box as="dl" display="grid" gridTemplateColumns="auto 1fr" columnGap="4" rowGap="2" fontSize="sm">
          {planRows(plan).map((row) => (
            <PlanRow key={row.label} label={row.label} value={row.value} />
          ))}
        </Box>
      </Card.Body>
      <Card.Footer>
        <Button asChild colorPalette={look.palette === 'gray' ? 'gray' : look.palette} variant="solid" w="full">
          <RouterLink to="/dashboard/deposit">Invest Now</RouterLink>
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}

function PlanRow({ label, value }: { label: string; value: string }) {
  return (
    <>
      <Text as="dt" color="fg.muted">
        {label}
      </Text>
      <Text as="dd" fontWeight="semibold" textAlign="right" wordBreak="break-word">
        {label === 'Risk level' ? <Badge colorPalette={riskPalette(value)}>{value || '—'}</Badge> : value || '—'}
      </Text>
    </>
  );
}

function riskPalette(level: string): 'green' | 'orange' | 'red' | 'gray' {
  const l = level.toLowerCase();
  if (l.includes('low')) return 'green';
  if (l.includes('high')) return 'red';
  if (l.includes('medium') || l.includes('moderate')) return 'orange';
  return 'gray';
}
