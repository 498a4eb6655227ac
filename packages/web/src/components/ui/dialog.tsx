import { useRef, type ReactNode } from 'react';
import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';

export interface ActionDialogProps {
  open: boolean;
  title: string;
  /** The dialog's body. */
  children: ReactNode;
  /** The main action: `onClick`, or `form` to submit the form with that id in the body. */
  action: { label: string; palette: 'teal' | 'red'; onClick?: () => void; form?: string; disabled?: boolean };
  /** The button that closes without acting (it gets focus first); none for a one-button dialog. */
  cancelLabel?: string;
  /** While the action runs: the action button spins and nothing closes the dialog. */
  busy?: boolean;
  size?: 'sm' | 'md';
  /** 'inside' keeps the title and the buttons on screen and scrolls a tall body. */
  scrollBehavior?: 'inside' | 'outside';
  /** Focus on open; by default the cancel button, or the action when there is no cancel. */
  initialFocusEl?: () => HTMLElement | null;
  /** Focus on close; by default the element that opened the dialog. */
  finalFocusEl?: () => HTMLElement | null;
  /** The accessible name of the corner close button. */
  closeLabel?: string;
  /** `alertdialog` (the default) for a confirmation; `dialog` for a form the person fills in (invest). */
  role?: 'alertdialog' | 'dialog';
  onClose: () => void;
}

/**
 * The app's alertdialog frame: title, body, a footer with Cancel and the action, a corner close
 * button, and a busy state that keeps the dialog open while the action runs.
 */
export function ActionDialog({
  open,
  title,
  children,
  action,
  cancelLabel,
  busy = false,
  size = 'sm',
  scrollBehavior,
  initialFocusEl,
  finalFocusEl,
  closeLabel,
  role = 'alertdialog',
  onClose,
}: ActionDialogProps) {
  const { t } = useLingui();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const actionRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog.Root
      role={role}
      open={open}
      onOpenChange={(e) => {
        if (!e.open && !busy) onClose();
      }}
      placement="center"
      size={size}
      scrollBehavior={scrollBehavior}
      initialFocusEl={initialFocusEl ?? (() => cancelRef.current ?? actionRef.current)}
      finalFocusEl={finalFocusEl}
      closeOnInteractOutside={!busy}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            <Dialog.Footer>
              {cancelLabel ? (
                <Button ref={cancelRef} variant="outline" onClick={onClose} disabled={busy}>
                  {cancelLabel}
                </Button>
              ) : null}
              <Button
                ref={actionRef}
                type={action.form ? 'submit' : 'button'}
                form={action.form}
                colorPalette={action.palette}
                onClick={action.onClick}
                disabled={action.disabled}
                loading={busy}
              >
                {action.label}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={closeLabel ?? t`Close`} disabled={busy} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
