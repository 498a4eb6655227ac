import { useState } from 'react';
import { Button, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TWithdrawal } from '@vestora/contract';
import { trpc } from '../../lib/trpc';
import { useSession } from '../../lib/session';
import { errorMessage } from '../../lib/errors';
import { formatRequestAmount } from '../../lib/format';
import { toaster } from '../../components/ui/toaster';
import { WITHDRAWAL_METHOD_LABELS, withdrawalStatusOf } from '../../lib/money-labels';
import { RecentRequestsCard, StatusCell } from '../../components/money/RecentRequestsCard';
import { ActionDialog } from '../../components/ui/dialog';

/** The caller's withdrawals (everyone's for admins), with Cancel on their own pending ones. */
export function WithdrawalHistory() {
  const { t } = useLingui();
  const { user } = useSession();
  const utils = trpc.useUtils();
  const withdrawals = trpc.withdrawal.list.useQuery({ limit: 20 });
  const [toCancel, setToCancel] = useState<TWithdrawal | null>(null);
  const cancel = trpc.withdrawal.cancel.useMutation({
    onSuccess: async (w) => {
      setToCancel(null);
      const amount = formatRequestAmount(w);
      toaster.create({
        type: 'success',
        title: t`Withdrawal cancelled: ${amount} is back in your balance.`,
      });
      // A cancelled request no longer counts toward the limits (#33).
      await Promise.all([
        utils.user.session.invalidate(),
        utils.withdrawal.list.invalidate(),
        utils.kyc.status.invalidate(),
      ]);
    },
    onError: async (err) => {
      setToCancel(null);
      toaster.create({
        type: 'error',
        title: t`Could not cancel the withdrawal`,
        description: errorMessage(err, t`Please try again.`),
      });
      await utils.withdrawal.list.invalidate();
    },
  });

  return (
    <RecentRequestsCard
      headingId="withdrawals-heading"
      heading={t`Your withdrawals`}
      noun="withdrawals"
      emptyDescription={t`Withdrawals you request appear here with their status.`}
      minW="640px"
      amount={(w) => formatRequestAmount(w)}
      columns={[t`Method`, t`Details`, t`Status`]}
      actionColumn={t`Action`}
      query={withdrawals}
      cells={(w) => (
        <>
          <Table.Cell whiteSpace="nowrap">{WITHDRAWAL_METHOD_LABELS[w.method]}</Table.Cell>
          <Table.Cell maxW="48" truncate title={w.details}>
            {w.details}
          </Table.Cell>
          <StatusCell status={w.status} shown={withdrawalStatusOf(w)} reason={w.reason} />
          <Table.Cell textAlign="end">
            {w.status === 'pending' && w.userId === user?.id ? (
              <Button size="xs" variant="outline" colorPalette="red" onClick={() => setToCancel(w)}>
                <Trans>Cancel</Trans>
              </Button>
            ) : (
              <Text as="span" color="fg.subtle" aria-hidden>
                —
              </Text>
            )}
          </Table.Cell>
        </>
      )}
    >
      <ActionDialog
        open={toCancel !== null}
        title={t`Cancel this withdrawal?`}
        action={{
          label: t`Cancel withdrawal`,
          palette: 'red',
          onClick: () => toCancel && cancel.mutate({ id: toCancel.id }),
        }}
        cancelLabel={t`Keep it`}
        busy={cancel.isPending}
        onClose={() => setToCancel(null)}
      >
        <Text>
          <Trans>
            The request for {toCancel ? formatRequestAmount(toCancel) : ''} will be cancelled and the amount returned to
            your balance.
          </Trans>
        </Text>
      </ActionDialog>
    </RecentRequestsCard>
  );
}
