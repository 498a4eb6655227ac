import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { ActionDialog } from '../../components/ui/dialog';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** A destructive-action confirmation (alertdialog): Cancel gets focus first, Escape closes. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  busy = false,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const { t } = useLingui();
  return (
    <ActionDialog
      open={open}
      title={title}
      action={{ label: confirmLabel, palette: 'red', onClick: onConfirm }}
      cancelLabel={cancelLabel ?? t`Cancel`}
      busy={busy}
      onClose={onClose}
    >
      {children}
    </ActionDialog>
  );
}
