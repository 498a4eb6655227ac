import { Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  const invalidate = useInvalidateInvesting();
  const redeem = trpc.investment.redeem.useMutation({
    onSuccess: async (p) => {
      const amount = formatMoney(p.amount);
      const planName = p.planName;
      toaster.create({
        type: 'success',
        title: t`${amount} is back in your balance`,
        description: t`Your ${planName} investment was redeemed early.`,
      });
      await invalidate();
      redeem.reset();
      onClose();
    },
  });
  const amount = formatMoney(position?.amount);
  const planName = position?.planName ?? '';
  const received = formatMoney(position?.interestPaid);
  const close = () => {
    redeem.reset();
    onClose();
  };
  return (
    <ActionDialog
      open={position !== null}
      title={t`Redeem this investment early?`}
      action={{ label: t`Redeem now`, palette: 'red', onClick: () => position && redeem.mutate({ id: position.id }) }}
      cancelLabel={t`Keep it`}
      busy={redeem.isPending}
      onClose={close}
    >
      {position ? (
        <Stack gap="3">
          <Text>
            <Trans>
              Your {amount} in <strong>{planName}</strong> comes back to your available balance now.
            </Trans>
          </Text>
          <Text>{earlyExitText(true)}</Text>
          <Text>
            <Trans>Interest received so far: {received}. The payouts still scheduled will not be paid.</Trans>
          </Text>
          {redeem.isError ? <FailedAction title={t`The investment was not redeemed`} error={redeem.error} /> : null}
        </Stack>
      ) : null}
    </ActionDialog>
  );
}
