import { Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TWithdrawal } from '@vestora/contract';
import { formatRequestAmount } from '../../lib/format';
import { ActionDialog } from '../../components/ui/dialog';

/** The 'Success!' alertdialog after a withdrawal request; open while `withdrawal` is set. */
export function WithdrawalSuccessDialog({
  withdrawal,
  onClose,
}: {
  withdrawal: TWithdrawal | null;
  onClose: () => void;
}) {
  const { t } = useLingui();
  return (
    <ActionDialog
      open={withdrawal !== null}
      title={t`Success!`}
      action={{ label: t`Close`, palette: 'teal', onClick: onClose }}
      closeLabel={t`Close dialog`}
      onClose={onClose}
    >
      <Text>
        <Trans>
          Your withdrawal request for {withdrawal ? formatRequestAmount(withdrawal) : ''} was submitted and is pending
          review. The funds are on hold until the request is processed; you can cancel it while it is pending.
        </Trans>
      </Text>
    </ActionDialog>
  );
}
