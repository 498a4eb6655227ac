import { Stack, Text } from '@chakra-ui/react';
import type { TInvestment } from '@vestora/contract';
import { FailedAction } from '../../components/ui/states';
import { ActionDialog } from '../../components/ui/dialog';
import { toaster } from '../../components/ui/toaster';
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
          {redeem.isError ? <FailedAction title="The investment was not redeemed" error={redeem.error} /> : null}
        </Stack>
      ) : null}
    </ActionDialog>
  );
}
