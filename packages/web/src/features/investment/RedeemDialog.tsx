import { Alert, Stack, Text } from '@chakra-ui/react';
import type { TInvestment } from '@vestora/contract';
import { ActionDialog } from '../../components/ui/dialog';
import { toaster } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/errors';
import { formatMoney } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { useInvalidateInvesting } from './investment-hooks';
import { earlyExitText } from './invest-rules';

/** Confirms an early redemption after stating what is forfeited; server errors stay in the dialog. */
export function RedeemDialog({ position, onClose }: { position: TInvestment | null; onClose: () => void }) {
  const invalidate = useInvalidateInvesting();
  const redeem = trpc.investment.redeem.useMutation({
    onSuccess: async (p) => {
      toaster.create({
        type: 'success',
        title: `${formatMoney(p.amount)} is back in your balance`,
        description: `Your ${p.planName} investment was redeemed early.`,
      });
      await invalidate();
      redeem.reset();
      onClose();
    },
  });
  const close = () => {
    redeem.reset();
    onClose();
  };
  return (
    <ActionDialog
      open={position !== null}
      title="Redeem this investment early?"
      action={{ label: 'Redeem now', palette: 'red', onClick: () => position && redeem.mutate({ id: position.id }) }}
      cancelLabel="Keep it"
      busy={redeem.isPending}
      onClose={close}
    >
      {position ? (
        <Stack gap="3">
          <Text>
            Your {formatMoney(position.amount)} in <strong>{position.planName}</strong> comes back to your available
            balance now.
          </Text>
          <Text>{earlyExitText(true)}</Text>
          <Text>
            Interest received so far: {formatMoney(position.interestPaid)}. The payouts still scheduled will not be
            paid.
          </Text>
          {redeem.isError ? (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title color="red.700">The investment was not redeemed</Alert.Title>
                <Alert.Description>{errorMessage(redeem.error)}</Alert.Description>
              </Alert.Content>
            </Alert.Root>
          ) : null}
        </Stack>
      ) : null}
    </ActionDialog>
  );
}
