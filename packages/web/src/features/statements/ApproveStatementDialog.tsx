import { useRef } from 'react';
import { Alert, Box, Stack, Text } from '@chakra-ui/react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { centsToDollars } from '@vestora/contract';
import { ActionDialog } from '../../components/ui/dialog';
import { PageLoader } from '../../components/ui/states';
import { errorMessage } from '../../lib/errors';
import { formatMoney } from '../../lib/format';
import { trpc } from '../../lib/trpc';

interface ApproveStatementDialogProps {
  /** The statement to approve; null when closed. */
  statementId: string | null;
  /** The statement's period as the list shows it (the dialog's title names it). */
  period: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * Approving a statement credits members (#34): before it does, the statement's totals as the server has them
 * now (credits to members, their sum, the lines left as exceptions), and Approve only once they are shown.
 */
export function ApproveStatementDialog({ statementId, period, busy, onConfirm, onClose }: ApproveStatementDialogProps) {
  const { t } = useLingui();
  // The figures stay while the dialog closes (its animation runs after `statementId` is cleared).
  const last = useRef(statementId);
  if (statementId) last.current = statementId;
  const totals = trpc.statement.byId.useQuery(
    { statementId: last.current ?? '' },
    { enabled: statementId !== null, staleTime: 0, refetchOnMount: 'always' },
  );
  const s = totals.data;
  const credits = s ? s.summary.credits.reduce((n, c) => n + c.lines, 0) : 0;
  const members = s ? s.summary.credits.length : 0;
  const sum = formatMoney(
    centsToDollars(s ? s.summary.credits.reduce((n, c) => n + Math.round(c.amount * 100), 0) : 0),
  );
  const exceptions = s?.summary.exceptions ?? 0;
  const fees = s?.summary.fees ?? { lines: 0, amount: 0 };
  const ready = s !== undefined && !totals.isFetching && s.status !== 'approved';
  return (
    <ActionDialog
      open={statementId !== null}
      title={t`Approve the statement of ${period}?`}
      action={{ label: t`Approve and credit`, palette: 'teal', onClick: onConfirm, disabled: !ready }}
      cancelLabel={t`Cancel`}
      busy={busy}
      onClose={onClose}
    >
      {totals.isError ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Description>
            {errorMessage(totals.error, t`The statement's totals could not be loaded.`)}
          </Alert.Description>
        </Alert.Root>
      ) : !s || totals.isFetching ? (
        <PageLoader label={t`Loading the statement's totals...`} minH="6rem" />
      ) : (
        <Stack gap="3" data-testid="statement-approval-totals">
          <Box as="dl" display="grid" gridTemplateColumns="1fr auto" columnGap="4" rowGap="1">
            <Text as="dt" color="fg.muted">
              <Trans>Credits to members</Trans>
            </Text>
            <Text as="dd" fontWeight="semibold" textAlign="end">
              <Plural value={credits} one="# credit" other="# credits" />
            </Text>
            <Text as="dt" color="fg.muted">
              <Trans>Sum credited</Trans>
            </Text>
            <Text as="dd" fontWeight="semibold" textAlign="end">
              {sum}
            </Text>
            {/* The bank's own fees (#34), when the statement has any: booked on approval, no member's money. */}
            {fees.lines > 0 ? (
              <>
                <Text as="dt" color="fg.muted">
                  <Trans>Bank fees (booked as the platform's expense)</Trans>
                </Text>
                <Text as="dd" fontWeight="semibold" textAlign="end" data-testid="statement-approval-fees">
                  <Plural value={fees.lines} one="# fee" other="# fees" />, {formatMoney(fees.amount)}
                </Text>
              </>
            ) : null}
            <Text as="dt" color="fg.muted">
              <Trans>Exceptions (not credited)</Trans>
            </Text>
            <Text as="dd" fontWeight="semibold" textAlign="end">
              <Plural value={exceptions} one="# line" other="# lines" />
            </Text>
          </Box>
          <Text>
            <Plural
              value={members}
              _0="No member is credited. Approve the statement anyway?"
              one="# member's balance goes up by their credits. Approve the statement?"
              other="# members' balances go up by their credits. Approve the statement?"
            />
          </Text>
          {exceptions > 0 ? (
            <Text fontSize="sm" color="fg.muted">
              <Trans>The exceptions stay in the list to resolve later; approving credits nothing for them.</Trans>
            </Text>
          ) : null}
        </Stack>
      )}
    </ActionDialog>
  );
}
