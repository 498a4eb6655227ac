import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Button, Card, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { LuArrowLeft } from 'react-icons/lu';
import { trpc } from '../../lib/trpc';
import { errorMessage } from '../../lib/errors';
import { PlanForm } from './PlanForm';
import type { TPlanCreateInput } from '@vestora/contract';
import { EMPTY_PLAN_FORM } from './plan-form';

/** /dashboard/CreateInvestmentPlan (admin): a new plan from its terms; the image is sent empty. */
export default function CreatePlanPage() {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const [resetKey, setResetKey] = useState(0);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const create = trpc.plan.create.useMutation({
    onSuccess: async () => {
      setResult({ ok: true, text: t`Investment plan created successfully!` });
      setResetKey((k) => k + 1);
      await utils.plan.list.invalidate();
    },
    onError: (err) => setResult({ ok: false, text: errorMessage(err, t`Failed to create plan.`) }),
  });

  const submit = (input: TPlanCreateInput) => {
    setResult(null);
    create.mutate(input);
  };

  return (
    <Stack gap="6" maxW="6xl">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Heading as="h1" size="2xl">
          <Trans>Create Investment Plan</Trans>
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
          Set the plan's terms; the card text is worked out from them. The new plan appears on the home page and in the
          dashboard.
        </Trans>
      </Text>

      {result && (
        <Alert.Root status={result.ok ? 'success' : 'error'} role={result.ok ? 'status' : 'alert'}>
          <Alert.Indicator />
          <Alert.Title>{result.text}</Alert.Title>
        </Alert.Root>
      )}

      <Card.Root>
        <Card.Body>
          <PlanForm
            values={EMPTY_PLAN_FORM}
            resetKey={resetKey}
            busy={create.isPending}
            submitLabel={t`Create Plan`}
            busyLabel={t`Creating...`}
            onSubmit={submit}
          />
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
