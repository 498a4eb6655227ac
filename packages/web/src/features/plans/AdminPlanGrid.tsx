import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Badge, Box, Button, Flex, Heading, HStack, IconButton, Spinner, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { LuPause, LuPencil, LuPlay, LuPlus, LuTrash2 } from 'react-icons/lu';
import type { TPlan } from '@vestora/contract';
import { trpc } from '../../lib/trpc';
import { useSession } from '../../lib/session';
import { errorMessage } from '../../lib/errors';
import { toaster } from '../../components/ui/toaster';
import { EmptyState, ErrorState } from '../../components/ui/states';
import { ConfirmDialog } from './ConfirmDialog';
import { PlanGrid } from './PlanCards';
import { withUnit } from './plan-display';

/** The dashboard's plan cards: admins also get Create Plan, and Edit / Delete on every card. */
export default function AdminPlanGrid({ plans }: { plans: TPlan[] }) {
  const { t } = useLingui();
  const { isAdmin } = useSession();
  const [toDelete, setToDelete] = useState<TPlan | null>(null);
  const utils = trpc.useUtils();
  const remove = trpc.plan.delete.useMutation({
    onSuccess: async (result, { id }) => {
      const name = plans.find((p) => p.id === id)?.investmentPlanName;
      // A plan with open investments is archived instead: say so, with the server's reason.
      if (result.outcome === 'archived')
        toaster.create({
          type: 'info',
          title: name ? t`${name} was archived, not deleted.` : t`The plan was archived, not deleted.`,
          description: result.message,
        });
      else toaster.create({ type: 'success', title: name ? t`${name} was deleted.` : t`The plan was deleted.` });
      setToDelete(null);
      await utils.plan.list.invalidate();
    },
    onError: (err) => {
      toaster.create({
        type: 'error',
        title: t`Could not delete the plan`,
        description: errorMessage(err, t`Please try again.`),
      });
    },
  });

  const status = useStatusChange();
  const deleteName = toDelete?.investmentPlanName ?? '';

  const actions = (plan: TPlan) => {
    const name = plan.investmentPlanName;
    return (
      <>
        {plan.status === 'paused' ? (
          <Badge colorPalette="orange" alignSelf="center">
            <Trans>Paused</Trans>
          </Badge>
        ) : null}
        {plan.riskLevel === null ? (
          <Badge colorPalette="orange" alignSelf="center" title={t`Choose its risk level in Edit`}>
            <Trans>Risk needs a choice</Trans>
          </Badge>
        ) : null}
        {plan.status === 'active' || plan.status === 'paused' ? (
          <IconButton
            aria-label={plan.status === 'paused' ? t`Resume ${name}` : t`Pause ${name}`}
            title={
              plan.status === 'paused' ? t`Resume: take new investments again` : t`Pause: no new investments for now`
            }
            variant="ghost"
            size="sm"
            colorPalette="gray"
            loading={status.isPending && status.variables?.id === plan.id}
            onClick={() =>
              status.mutate({
                id: plan.id,
                change: plan.status === 'paused' ? 'resume' : 'pause',
                name: plan.investmentPlanName,
              })
            }
          >
            {plan.status === 'paused' ? <LuPlay /> : <LuPause />}
          </IconButton>
        ) : null}
        <IconButton asChild aria-label={t`Edit ${name}`} variant="ghost" size="sm" colorPalette="gray">
          <RouterLink to={`/dashboard/createInvestmentEdit/${plan.id}`}>
            <LuPencil />
          </RouterLink>
        </IconButton>
        <IconButton
          aria-label={t`Delete ${name}`}
          variant="ghost"
          size="sm"
          colorPalette="red"
          onClick={() => setToDelete(plan)}
        >
          <LuTrash2 />
        </IconButton>
      </>
    );
  };

  return (
    <Stack gap="5">
      {isAdmin && (
        <Flex justify="flex-end">
          <Button asChild colorPalette="teal">
            <RouterLink to="/dashboard/CreateInvestmentPlan">
              <LuPlus /> <Trans>Create Plan</Trans>
            </RouterLink>
          </Button>
        </Flex>
      )}

      {plans.length === 0 ? (
        <EmptyState
          title={t`No investment plans yet`}
          description={
            isAdmin
              ? t`Create the first plan with the Create Plan button.`
              : t`Plans will appear here once they are published.`
          }
        />
      ) : (
        <PlanGrid plans={plans} actions={isAdmin ? actions : undefined} />
      )}

      {isAdmin && <ArchivedPlans />}

      <ConfirmDialog
        open={toDelete !== null}
        title={t`Delete this plan?`}
        confirmLabel={t`Delete`}
        cancelLabel={t`Cancel`}
        busy={remove.isPending}
        onConfirm={() => toDelete && remove.mutate({ id: toDelete.id })}
        onClose={() => !remove.isPending && setToDelete(null)}
      >
        <Text>
          <Trans>
            <strong>{deleteName}</strong> will be removed from the plans list for everyone. This cannot be undone. If
            investments in it are still open, it is archived instead and they run to the end of their term.
          </Trans>
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}

type StatusChange = { id: string; change: 'pause' | 'resume' | 'restore'; name: string };

/** Pause, resume or restore a plan, with a toast either way; the plan lists are refreshed. */
function useStatusChange() {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const done: Record<StatusChange['change'], (name: string) => { title: string; description: string }> = {
    pause: (name) => ({
      title: t`${name} is paused.`,
      description: t`It takes no new investments until you resume it; open investments run on as before.`,
    }),
    resume: (name) => ({ title: t`${name} is open for new investments again.`, description: '' }),
    restore: (name) => ({ title: t`${name} was restored.`, description: t`It is back on the plans list.` }),
  };

  const failed: Record<StatusChange['change'], (name: string) => string> = {
    pause: (name) => t`Could not pause ${name}`,
    resume: (name) => t`Could not resume ${name}`,
    restore: (name) => t`Could not restore ${name}`,
  };

  const pause = trpc.plan.pause.useMutation();
  const resume = trpc.plan.resume.useMutation();
  const restore = trpc.plan.restore.useMutation();
  const [pending, setPending] = useState<StatusChange | null>(null);
  return {
    isPending: pending !== null,
    variables: pending,
    mutate: (v: StatusChange) => {
      setPending(v);
      const call = v.change === 'pause' ? pause : v.change === 'resume' ? resume : restore;
      call.mutate(
        { id: v.id },
        {
          onSuccess: async () => {
            const outcome = done[v.change](v.name);
            toaster.create({ type: 'success', title: outcome.title, description: outcome.description || undefined });
            await Promise.all([utils.plan.list.invalidate(), utils.plan.listArchived.invalidate()]);
          },
          onError: (err) =>
            toaster.create({
              type: 'error',
              title: failed[v.change](v.name),
              description: errorMessage(err, t`Please try again.`),
            }),
          onSettled: () => setPending(null),
        },
      );
    },
  };
}

/** Admins: the archived plans (hidden from everyone else), each with Restore. Loaded when asked for. */
function ArchivedPlans() {
  const { t } = useLingui();
  const [shown, setShown] = useState(false);
  const archived = trpc.plan.listArchived.useQuery(undefined, { enabled: shown });
  const status = useStatusChange();
  return (
    <Box as="section" aria-labelledby="archived-plans-title" borderTopWidth="1px" pt="5">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Heading as="h2" id="archived-plans-title" size="md">
          <Trans>Archived plans</Trans>
        </Heading>
        <Button variant="outline" size="sm" onClick={() => setShown((s) => !s)} aria-expanded={shown}>
          {shown ? <Trans>Hide archived plans</Trans> : <Trans>Show archived plans</Trans>}
        </Button>
      </HStack>
      {!shown ? null : archived.isPending ? (
        <HStack mt="3" gap="2">
          <Spinner size="sm" />{' '}
          <Text>
            <Trans>Loading archived plans...</Trans>
          </Text>
        </HStack>
      ) : archived.isError ? (
        <ErrorState
          title={t`Could not load the archived plans`}
          description={errorMessage(archived.error, t`Please try again.`)}
          onRetry={() => void archived.refetch()}
          retrying={archived.isFetching}
        />
      ) : archived.data.length === 0 ? (
        <Text mt="3" color="fg.muted">
          <Trans>No archived plans. A plan deleted while it has investments is archived and appears here.</Trans>
        </Text>
      ) : (
        <Stack as="ul" mt="3" gap="2" listStyleType="none">
          {archived.data.map((plan) => {
            const name = plan.investmentPlanName;
            const rate = withUnit(plan.interestRate, 'percent');
            const duration = withUnit(plan.investmentDuration, 'years');
            return (
              <HStack
                as="li"
                key={plan.id}
                justify="space-between"
                borderWidth="1px"
                borderColor="border.muted"
                rounded="md"
                p="3"
                wrap="wrap"
              >
                <Box>
                  <Text fontWeight="semibold">{plan.investmentPlanName}</Text>
                  <Text fontSize="sm" color="fg.muted">
                    {t`${rate} a year, ${duration}`}
                  </Text>
                </Box>
                <Button
                  size="sm"
                  colorPalette="teal"
                  aria-label={t`Restore ${name}`}
                  loading={status.isPending && status.variables?.id === plan.id}
                  onClick={() => status.mutate({ id: plan.id, change: 'restore', name: plan.investmentPlanName })}
                >
                  <Trans>Restore</Trans>
                </Button>
              </HStack>
            );
          })}
        </Stack>
      )}
    </Box>
  );
}
