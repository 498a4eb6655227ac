import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Button, Flex, IconButton, Stack, Text } from '@chakra-ui/react';
import { LuPencil, LuPlus, LuTrash2 } from 'react-icons/lu';
import type { TPlan } from '@vestora/contract';
import { trpc } from '../../lib/trpc';
import { useSession } from '../../lib/session';
import { errorMessage } from '../../lib/errors';
import { toaster } from '../../components/ui/toaster';
import { EmptyState } from '../../components/ui/states';
import { ConfirmDialog } from './ConfirmDialog';
import { PlanGrid } from './PlanCards';

/** The dashboard's plan cards: admins also get Create Plan, and Edit / Delete on every card. */
export default function AdminPlanGrid({ plans }: { plans: TPlan[] }) {
  const { isAdmin } = useSession();
  const [toDelete, setToDelete] = useState<TPlan | null>(null);
  const utils = trpc.useUtils();
  const remove = trpc.plan.delete.useMutation({
    onSuccess: async (result, { id }) => {
      const name = plans.find((p) => p.id === id)?.investmentPlanName ?? 'The plan';
      // A plan with open investments is archived instead: say so, with the server's reason.
      if (result.outcome === 'archived')
        toaster.create({ type: 'info', title: `${name} was archived, not deleted.`, description: result.message });
      else toaster.create({ type: 'success', title: `${name} was deleted.` });
      setToDelete(null);
      await utils.plan.list.invalidate();
    },
    onError: (err) => {
      toaster.create({
        type: 'error',
        title: 'Could not delete the plan',
        description: errorMessage(err, 'Please try again.'),
      });
    },
  });

  const actions = (plan: TPlan) => (
    <>
      <IconButton asChild aria-label={`Edit ${plan.investmentPlanName}`} variant="ghost" size="sm" colorPalette="gray">
        <RouterLink to={`/dashboard/createInvestmentEdit/${plan.id}`}>
          <LuPencil />
        </RouterLink>
      </IconButton>
      <IconButton
        aria-label={`Delete ${plan.investmentPlanName}`}
        variant="ghost"
        size="sm"
        colorPalette="red"
        onClick={() => setToDelete(plan)}
      >
        <LuTrash2 />
      </IconButton>
    </>
  );

  return (
    <Stack gap="5">
      {isAdmin && (
        <Flex justify="flex-end">
          <Button asChild colorPalette="teal">
            <RouterLink to="/dashboard/CreateInvestmentPlan">
              <LuPlus /> Create Plan
            </RouterLink>
          </Button>
        </Flex>
      )}

      {plans.length === 0 ? (
        <EmptyState
          title="No investment plans yet"
          description={
            isAdmin
              ? 'Create the first plan with the Create Plan button.'
              : 'Plans will appear here once they are published.'
          }
        />
      ) : (
        <PlanGrid plans={plans} actions={isAdmin ? actions : undefined} />
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
          <strong>{toDelete?.investmentPlanName}</strong> will be removed from the plans list for everyone. This cannot
          be undone. If investments in it are still open, it is archived instead and they run to the end of their term.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
