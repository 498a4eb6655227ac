import { useState } from 'react';
import { Alert, Box, Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TApproval, TApprovalKind } from '@vestora/contract';
import { PageLoader } from '../../components/ui/states';
import { toaster } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { formatSignedMoney } from '../../lib/money-labels';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';

const KIND_LABEL: Record<TApprovalKind, MessageDescriptor> = {
  balance_adjustment: msg`Balance adjustment`,
  deposit_confirm: msg`Deposit confirmed by hand`,
  deposit_account: msg`New deposit account`,
  csv_mapping: msg`Bank CSV mapping`,
  treasury_fund: msg`Treasury funding`,
  crypto_payout_release: msg`Crypto payout released to the member`,
};

/** Why this admin may not approve `a` (null: they may; the server also refuses admins in their cooldown). */
function whyNotYours(a: TApproval, meId: string | undefined): MessageDescriptor | null {
  if (a.proposedBy === meId) return msg`You proposed this: another administrator must approve it.`;
  if (a.userId === meId) return msg`This is about your own money: another administrator decides it.`;
  return null;
}

/** What the proposal would change, in one line. */
function detailOf(a: TApproval): string {
  const d = a.details;
  if (a.kind === 'deposit_account')
    return `${String(d.accountHolder)}, ${String(d.bankName)}, ${String(d.accountNumber)}`;
  if (a.kind === 'csv_mapping') return `${String(d.bankAccount)}: ${JSON.stringify(d.mapping)}`;
  if (a.kind === 'treasury_fund') return `${String(d.amount)} ${String(d.asset)}`;
  // A stuck crypto payout (#34): the member, then the transaction it was marked sent with.
  if (a.kind === 'crypto_payout_release') return `${a.userEmail ?? ''} · ${String(d.txid)} → ${String(d.address)}`;
  return a.userEmail ?? '';
}

/**
 * Money desk → Approvals (#27): money a person decides (balance adjustments, deposits confirmed by hand, the
 * deposit account, bank CSV mappings, crypto payouts released to the member) waits here for a second administrator, who approves it or rejects it with
 * a reason. The proposer and the member concerned cannot approve; the server refuses the same, and admins in
 * their first 24 hours.
 */
export function ApprovalsDesk() {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const { user: me } = useSession();
  const list = trpc.approval.list.useQuery({ status: 'pending' }, { refetchOnWindowFocus: true });
  const [rejecting, setRejecting] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const done = async () => {
    setRejecting(null);
    setReason('');
    await Promise.all([
      utils.approval.list.invalidate(),
      utils.deposit.invalidate(),
      utils.withdrawal.list.invalidate(),
      utils.user.list.invalidate(),
    ]);
  };
  const onError = (title: string) => (err: Parameters<typeof errorMessage>[0]) =>
    toaster.create({ type: 'error', title, description: errorMessage(err, t`Please try again.`) });
  const approve = trpc.approval.approve.useMutation({
    onSuccess: async (a) => {
      const kind = t(KIND_LABEL[a.kind]);
      toaster.create({ type: 'success', title: t`Approved`, description: t`${kind}: done.` });
      await Promise.all([done(), utils.account.get.invalidate(), utils.deposit.instructions.invalidate()]);
    },
    onError: onError(t`Could not approve`),
  });
  const reject = trpc.approval.reject.useMutation({
    onSuccess: async (a) => {
      const kind = t(KIND_LABEL[a.kind]);
      toaster.create({ type: 'success', title: t`Rejected`, description: t`${kind}: nothing changed.` });
      await done();
    },
    onError: onError(t`Could not reject`),
  });
  const busy = approve.isPending || reject.isPending;

  if (list.isPending) return <PageLoader label={t`Loading approvals...`} minH="4rem" />;
  if (list.isError)
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Description>{errorMessage(list.error)}</Alert.Description>
      </Alert.Root>
    );
  if (list.data.length === 0)
    return (
      <Text color="fg.muted" py="4">
        <Trans>Nothing waits for a second administrator.</Trans>
      </Text>
    );
  return (
    <Stack as="ul" listStyleType="none" gap="3" py="4" aria-label={t`Pending approvals`}>
      {list.data.map((a) => {
        const why = whyNotYours(a, me?.id);
        const whyId = `approval-why-${a.id}`;
        const kind = t(KIND_LABEL[a.kind]);
        const amount = a.amount === null ? null : formatSignedMoney(a.amount);
        const by = a.proposedByEmail;
        const at = formatDateTime(a.createdAt);
        return (
          <Box as="li" key={a.id} borderWidth="1px" rounded="md" bg="bg.panel" p="3">
            <Stack gap="2">
              <Stack direction={{ base: 'column', md: 'row' }} gap="3" justify="space-between">
                <Stack gap="0.5" minW="0">
                  <Text fontWeight="semibold">
                    {kind}
                    {amount ? ` · ${amount}` : ''}
                  </Text>
                  <Text fontSize="sm" overflowWrap="anywhere">
                    {detailOf(a)}
                  </Text>
                  <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
                    {a.reason}
                  </Text>
                  <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
                    <Trans>
                      Proposed by {by} on {at}
                    </Trans>
                  </Text>
                  {why ? (
                    <Text id={whyId} fontSize="sm" color="fg.muted">
                      {t(why)}
                    </Text>
                  ) : null}
                </Stack>
                <HStack gap="2" flexShrink={0} align="start">
                  <Button
                    size="sm"
                    colorPalette="teal"
                    disabled={why !== null || busy}
                    loading={approve.isPending && approve.variables?.id === a.id}
                    aria-describedby={why ? whyId : undefined}
                    onClick={() => approve.mutate({ id: a.id })}
                  >
                    <Trans>Approve</Trans>
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    colorPalette="red"
                    disabled={a.userId === me?.id || busy}
                    onClick={() => setRejecting(rejecting === a.id ? null : a.id)}
                  >
                    <Trans>Reject</Trans>
                  </Button>
                </HStack>
              </Stack>
              {rejecting === a.id ? (
                <HStack
                  as="form"
                  gap="2"
                  onSubmit={(e) => {
                    e.preventDefault();
                    reject.mutate({ id: a.id, reason });
                  }}
                >
                  <Input
                    size="sm"
                    aria-label={t`Reason for rejecting`}
                    placeholder={t`Reason for rejecting`}
                    value={reason}
                    onChange={(e) => setReason(e.target.value)}
                    maxLength={500}
                  />
                  <Button
                    type="submit"
                    size="sm"
                    colorPalette="red"
                    disabled={!reason.trim() || busy}
                    loading={reject.isPending}
                  >
                    <Trans>Reject with this reason</Trans>
                  </Button>
                </HStack>
              ) : null}
            </Stack>
          </Box>
        );
      })}
    </Stack>
  );
}
