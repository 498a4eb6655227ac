import { useRef } from 'react';
import { Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TAccountType } from '@vestora/contract';
import { ActionDialog } from '../../components/ui/dialog';

interface RoleChangeDialogProps {
  /** The person whose role would change, and the role asked for; null when closed. */
  change: { name: string; to: TAccountType } | null;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * A change of role is a request another administrator approves (four eyes on roles): asked for only after this
 * confirmation, which names the person and the change (#34).
 */
export function RoleChangeDialog({ change, busy, onConfirm, onClose }: RoleChangeDialogProps) {
  const { t } = useLingui();
  // The words stay while the dialog closes (its animation runs after `change` is cleared).
  const last = useRef(change);
  if (change) last.current = change;
  const name = last.current?.name ?? '';
  const promote = last.current?.to === 'admin';
  return (
    <ActionDialog
      open={change !== null}
      title={
        promote
          ? t`Ask another administrator to make ${name} an admin?`
          : t`Ask another administrator to make ${name} a user again?`
      }
      action={{ label: t`Send the request`, palette: promote ? 'teal' : 'red', onClick: onConfirm }}
      cancelLabel={t`Cancel`}
      busy={busy}
      onClose={onClose}
    >
      <Stack gap="2">
        <Text>
          {promote ? (
            <Trans>
              Once another administrator approves it, {name} can see every member&apos;s data, review money and change
              other accounts.
            </Trans>
          ) : (
            <Trans>Once another administrator approves it, {name} loses the administrator&apos;s screens.</Trans>
          )}
        </Text>
        <Text color="fg.muted" fontSize="sm">
          <Trans>
            Nothing changes until then; the request waits on the Overview and {name} is signed out on approval.
          </Trans>
        </Text>
      </Stack>
    </ActionDialog>
  );
}
