import { useRef } from 'react';
import { Button, CloseButton, Dialog, Portal, Text } from '@chakra-ui/react';
import type { TWithdrawal } from '@vestora/contract';
import { formatMoney } from '../../lib/format';

/** The 'Success!' alertdialog after a withdrawal request; open while `withdrawal` is set. */
export function WithdrawalSuccessDialog({
  withdrawal,
  onClose,
}: {
  withdrawal: TWithdrawal | null;
  onClose: () => void;
}) {
  const closeRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog.Root
      role="alertdialog"
      open={withdrawal !== null}
      onOpenChange={(e) => {
        if (!e.open) onClose();
      }}
      placement="center"
      size="sm"
      initialFocusEl={() => closeRef.current}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            <Dialog.Header>
              <Dialog.Title>Success!</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>
                Your withdrawal request for {formatMoney(withdrawal?.amount)} was submitted and is pending review. The
                funds are on hold until the request is processed; you can cancel it while it is pending.
              </Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button ref={closeRef} colorPalette="teal">
                  Close
                </Button>
              </Dialog.ActionTrigger>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close dialog" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
