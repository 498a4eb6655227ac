import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { Alert, Box, Button, Card, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { LuArrowLeft, LuSearchX } from 'react-icons/lu';
import type { TPlan } from '@vestora/contract';
import { trpc } from '../../lib/trpc';
import { errorMessage } from '../../lib/errors';
import { toaster } from '../../components/ui/toaster';
import { EmptyState, ErrorState, PageLoader } from '../../components/ui/states';
import { PlanForm } from './PlanForm';
import { planToForm } from './plan-form';

/** /dashboard/createInvestmentEdit/:id (admin): edit one plan's fields. */
export default function EditPlanPage() {
  const { t } = useLingui();
  const { id = '' } = useParams();
  const plan = trpc.plan.byId.useQuery({ id }, { retry: false });

  if (plan.isPending) return <PageLoader label={t`Loading plan...`} />;
  if (plan.isError) {
    const code = plan.error.data?.code;
    if (code === 'NOT_FOUND' || code === 'BAD_REQUEST')
      return (
        <Stack gap="6">
          <Heading as="h1" size="2xl">
            <Trans>Edit Plan</Trans>
          </Heading>
          <EmptyState
            icon={<LuSearchX />}
            title={t`Plan not found`}
            description={t`This plan does not exist or has been deleted.`}
            action={
              <Button asChild variant="outline">
                <RouterLink to="/dashboard/investments">
                  <Trans>Back to plans</Trans>
                </RouterLink>
              </Button>
            }
          />
        </Stack>
      );
    return (
      <ErrorState
        title={t`Could not load the plan`}
        description={errorMessage(plan.error, t`Please try again.`)}
        onRetry={() => void plan.refetch()}
      />
    );
  }
  return <EditPlanForm plan={plan.data} onReload={() => plan.refetch()} />;
}

function EditPlanForm({ plan, onReload }: { plan: TPlan; onReload: () => Promise<unknown> }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const [resetKey, setResetKey] = useState(0);
  const update = trpc.plan.update.useMutation({
    onSuccess: async (saved) => {
      toaster.create({ type: 'success', title: t`Plan updated successfully!` });
      utils.plan.byId.setData({ id: saved.id }, saved);
      await utils.plan.list.invalidate();
      navigate('/dashboard/investments');
    },
    onError: async (err) => {
      if (err.data?.code === 'CONFLICT') {
        toaster.create({
          type: 'warning',
          title: t`This plan was changed by someone else`,
          description: t`The latest version has been loaded. Review it and save again.`,
        });
        await onReload();
        setResetKey((k) => k + 1);
        return;
      }
      toaster.create({
        type: 'error',
        title: t`Could not update the plan`,
        description: errorMessage(err, t`Please try again.`),
      });
    },
  });

  const planName = plan.investmentPlanName;
  const { interestRate, investmentLimit, returns, investmentDuration } = plan;
  return (
    <Stack gap="6" maxW="6xl">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Heading as="h1" size="2xl">
          <Trans>Edit Plan</Trans>
        </Heading>
        <Button asChild variant="ghost" size="sm">
          <RouterLink to="/dashboard/investments">
            <Box as="span" display="inline-flex" _rtl={{ transform: 'scaleX(-1)' }}>
              <LuArrowLeft aria-hidden />
            </Box>{' '}
            <Trans>Back to plans</Trans>
          </RouterLink>
        </Button>
      </HStack>
      <Text color="fg.muted">
        <Trans>
          Editing <strong>{planName}</strong>. Changes are visible to everyone as soon as you save and apply to new
          investments only: investments already made keep the terms they were made with.
        </Trans>
      </Text>
      {plan.annualRateBps === null && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              <Trans>This plan is not open for investing</Trans>
            </Alert.Title>
            <Alert.Description>
              <Trans>
                Its text ({interestRate}, {investmentLimit}, {returns}, {investmentDuration}) could not be read as
                terms. Set its terms to open it.
              </Trans>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      <Card.Root>
        <Card.Body>
          <PlanForm
            values={planToForm(plan)}
            resetKey={resetKey}
            busy={update.isPending}
            submitLabel={t`Update Plan`}
            busyLabel={t`Updating...`}
            unmappedRisk={plan.riskLevelUnmapped}
            onSubmit={(input) => update.mutate({ id: plan.id, version: plan.version, ...input })}
          />
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
