import { useState } from 'react';
import { Button, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ZCryptoReleaseInput } from '@vestora/contract';
import { RequestSummary } from '../../components/money/ReviewSummary';
import { ReviewDialog } from '../../components/money/ReviewDialog';
import { toaster } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/errors';
import { formatMoney } from '../../lib/format';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';

/** The crypto payout a release is proposed for: a `sent` withdrawal, or the one a payout exception names. */
export interface StuckPayout {
  id: string;
  userId: string;
  userEmail: string;
  /** Dollars. */
  amount: number;
  /** The Bitcoin transaction the payout was marked sent with. */
  txid: string;
}

/**
 * "Release to member" (#34): a crypto payout that stays sent (its transaction never seen paying the member) is
 * proposed for release with a reason; once another administrator approves it in Approvals, the held funds go back
 * to the member's balance. While a proposal waits, the button gives way to a note; the server refuses the admin's
 * own payout, any other method or status, and a second proposal.
 */
export function ReleaseCryptoPayout({ payout: p, size = 'xs' }: { payout: StuckPayout; size?: 'xs' | 'sm' }) {
  const { t } = useLingui();
  const { user: me } = useSession();
  const utils = trpc.useUtils();
  const [open, setOpen] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  // The same query as the Approvals tab's badge: one request for every row.
  const pending = trpc.approval.list.useQuery({ status: 'pending' });
  const propose = trpc.withdrawal.proposeCryptoRelease.useMutation({
    onSuccess: async () => {
      setOpen(false);
      toaster.create({
        type: 'success',
        title: t`Proposed: another administrator must approve it`,
        description: t`Giving ${amount} back to ${email} waits in Approvals.`,
      });
      await utils.approval.list.invalidate();
    },
    onError: (err) => setServerError(errorMessage(err, t`Please try again.`)),
  });
  const amount = formatMoney(p.amount);
  const email = p.userEmail;
  const txid = p.txid;
  const proposed = pending.data?.some((a) => a.kind === 'crypto_payout_release' && a.details.withdrawalId === p.id);
  if (proposed)
    return (
      <Text fontSize="xs" color="fg.muted" maxW="16rem" whiteSpace="normal">
        <Trans>Release to the member proposed: waits for another administrator in Approvals.</Trans>
      </Text>
    );
  const own = me?.id === p.userId;
  const ownReason = t`Your own payout: another administrator must propose its release.`;
  return (
    <Stack gap="1" align="start">
      <Button
        size={size}
        variant="outline"
        colorPalette="orange"
        disabled={own}
        title={own ? ownReason : undefined}
        // The accessible name starts with the visible words (WCAG 2.5.3), then says whose payout.
        aria-label={t`Release to member: ${amount} for ${email}`}
        onClick={() => {
          setServerError(null);
          setOpen(true);
        }}
      >
        <Trans>Release to member</Trans>
      </Button>
      <ReviewDialog
        open={open}
        title={t`Release this payout to the member?`}
        confirmLabel={t`Propose the release`}
        palette="red"
        field={{
          label: t`Reason`,
          multiline: true,
          required: true,
          maxLength: 500,
          helperText: t`Another administrator reads it before approving.`,
        }}
        validate={(value) => {
          const parsed = ZCryptoReleaseInput.shape.reason.safeParse(value);
          return parsed.success ? null : { message: parsed.error.issues[0]?.message ?? '', second: false };
        }}
        busy={propose.isPending}
        serverError={serverError}
        onSubmit={(reason) => propose.mutate({ id: p.id, reason })}
        onClose={() => setOpen(false)}
      >
        <RequestSummary
          request={p}
          rows={[[t`Transaction`, txid]]}
          outcome={t`Once another administrator approves, the held ${amount} goes back to ${email}'s balance and the payout reads “Released to the member”. Only release it when transaction ${txid} can no longer pay the member (never broadcast, dropped or replaced): if it confirms later, the member has both.`}
        />
      </ReviewDialog>
    </Stack>
  );
}
