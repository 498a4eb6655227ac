import { useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import {
  Alert,
  Box,
  Field,
  HStack,
  Input,
  InputGroup,
  Link,
  Spinner,
  Stack,
  Table,
  Text,
  chakra,
} from '@chakra-ui/react';
import { keepPreviousData } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TPlan, TRenewChoice } from '@vestora/contract';
import { FailedAction } from '../../components/ui/states';
import { ActionDialog } from '../../components/ui/dialog';
import { toaster } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/errors';
import { formatDate, formatMoney } from '../../lib/format';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { parseDollars } from '../../lib/money-form';
import { useSubmissionKey } from '../../lib/use-submission-key';
import { useInvalidateInvesting } from './investment-hooks';
import {
  NOT_CRYPTO,
  PAYOUT_IN_SENTENCE,
  RATE_HONESTY,
  RISK_NOTICE,
  earlyExitText,
  formatRate,
  planCeiling,
  termText,
} from './invest-rules';
import { checkInvestAmount } from './invest-amount';
import { useDebounced } from '../../lib/use-debounced';
import { RenewalSelect } from './RenewalChoice';

const FORM_ID = 'invest-form';

/** Invest in one plan: the amount, the live quote (payouts, total, maturity), the rules, then Confirm. */
export default function InvestDialog({ plan, onClose }: { plan: TPlan; onClose: (invested: boolean) => void }) {
  const { t, i18n } = useLingui();
  const { user } = useSession();
  const balance = user?.balance ?? 0;
  const [text, setText] = useState(plan.minAmount !== null ? String(plan.minAmount) : '');
  const [submitted, setSubmitted] = useState(false);
  const [renew, setRenew] = useState<TRenewChoice>('none');
  // Errors show once the person has typed (inline, while typing) or tried to confirm; never on the prefilled
  // amount before anything was typed.
  const [typed, setTyped] = useState(false);
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const submissionKey = useSubmissionKey();
  const invalidate = useInvalidateInvesting();

  const amount = parseDollars(text);
  const check = checkInvestAmount(plan, amount, balance);
  // The quote needs an amount the plan accepts; a short balance still gets one (so you see what you would get).
  const quotable = check.ok || check.shortfall !== undefined ? (check.amount ?? null) : null;
  const quoteAmount = useDebounced(quotable, 250);
  const quote = trpc.investment.quote.useQuery(
    { planId: plan.id, amount: quoteAmount ?? 0 },
    { enabled: quoteAmount !== null && quotable !== null, placeholderData: keepPreviousData, retry: false },
  );

  const open = trpc.investment.open.useMutation({
    onSuccess: async (position) => {
      submissionKey.done();
      const amount = formatMoney(position.amount);
      const planName = position.planName;
      const maturity = formatDate(position.maturityAt);
      const first = position.nextPayout;
      const payout = first ? formatMoney(first.amount) : '';
      const due = first ? formatDate(first.dueAt) : '';
      toaster.create({
        type: 'success',
        title: t`You invested ${amount} in ${planName}`,
        description: first
          ? t`It matures on ${maturity}. The first payout, ${payout}, is due on ${due}.`
          : t`It matures on ${maturity}.`,
        duration: 15_000,
        action: {
          label: t`View the investment`,
          onClick: () => navigate(`/dashboard/investments/${position.id}`),
        },
      });
      await invalidate();
      onClose(true);
    },
  });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (!check.ok || open.isPending) return;
    const values = { planId: plan.id, amount: check.amount, renew };
    open.mutate({ ...values, idempotencyKey: submissionKey.keyFor(values) });
  };

  const ceiling = planCeiling(plan);
  const showError = !check.ok && (submitted || (typed && text.trim() !== ''));
  const q = quotable !== null ? quote.data : undefined;
  const min = formatMoney(plan.minAmount);
  const max = formatMoney(ceiling);
  const available = formatMoney(balance);
  const shortfall = check.ok ? undefined : check.shortfall;
  const missing = shortfall !== undefined ? formatMoney(shortfall) : '';
  const planName = plan.investmentPlanName;
  const quoteError = quote.isError ? errorMessage(quote.error) : '';
  // An open plan has all its terms; the sentence is left out for one that somehow has not.
  let terms: string | null = null;
  if (plan.annualRateBps !== null && plan.termMonths !== null && plan.payoutFrequency) {
    const rate = formatRate(plan.annualRateBps);
    const term = termText(plan.termMonths);
    const frequency = i18n._(PAYOUT_IN_SENTENCE[plan.payoutFrequency]);
    terms = t`${rate} a year for ${term}, interest paid ${frequency}.`;
  }

  return (
    <ActionDialog
      open
      size="md"
      scrollBehavior="inside"
      title={t`Invest in ${planName}`}
      role="dialog"
      action={{ label: t`Confirm investment`, palette: 'teal', form: FORM_ID }}
      cancelLabel={t`Cancel`}
      busy={open.isPending}
      initialFocusEl={() => inputRef.current}
      onClose={() => onClose(false)}
    >
      <chakra.form id={FORM_ID} onSubmit={submit} noValidate display="flex" flexDirection="column" gap="4">
        <Text fontSize="sm">
          {terms ? (
            <>
              <strong>{terms}</strong>{' '}
            </>
          ) : null}
          {i18n._(RATE_HONESTY)}
        </Text>

        <Field.Root required invalid={showError} disabled={open.isPending}>
          <Field.Label>
            <Trans>Amount (USD)</Trans> <Field.RequiredIndicator />
          </Field.Label>
          <InputGroup startElement="$">
            <Input
              ref={inputRef}
              name="amount"
              value={text}
              onChange={(e) => {
                setText(e.currentTarget.value);
                setTyped(true);
              }}
              inputMode="decimal"
              placeholder="0.00"
              autoComplete="off"
            />
          </InputGroup>
          <Field.HelperText>
            <Trans>
              Between {min} and {max}. Available balance: {available}.
            </Trans>
          </Field.HelperText>
          {showError ? <Field.ErrorText>{check.message}</Field.ErrorText> : null}
        </Field.Root>

        {shortfall !== undefined ? (
          <Alert.Root status="warning" role="status">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>
                <Trans>Not enough balance: {missing} missing</Trans>
              </Alert.Title>
              <Alert.Description>
                <Trans>
                  <Link asChild color="teal.fg" fontWeight="semibold">
                    <RouterLink to={`/dashboard/deposit?amount=${shortfall.toFixed(2)}`}>Deposit {missing}</RouterLink>
                  </Link>{' '}
                  and come back once it is confirmed.
                </Trans>
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}

        <Box aria-live="polite">
          {quotable === null ? null : quote.isError ? (
            <Text color="fg.error" fontSize="sm">
              <Trans>Could not work out the payouts: {quoteError}</Trans>
            </Text>
          ) : !q ? (
            <HStack gap="2" fontSize="sm" color="fg.muted">
              <Spinner size="xs" />{' '}
              <span>
                <Trans>Working out your payouts...</Trans>
              </span>
            </HStack>
          ) : (
            <Stack gap="3" opacity={quote.isPlaceholderData ? 0.6 : 1}>
              <Box as="dl" display="grid" gridTemplateColumns="auto 1fr" columnGap="4" rowGap="1" fontSize="sm">
                <Text as="dt" color="fg.muted">
                  <Trans>Total interest</Trans>
                </Text>
                <Text as="dd" textAlign="end" fontWeight="semibold" data-testid="quote-total-interest">
                  {formatMoney(q.totalInterest)}
                </Text>
                <Text as="dt" color="fg.muted">
                  <Trans>Amount at maturity</Trans>
                </Text>
                <Text as="dd" textAlign="end" fontWeight="semibold">
                  {formatMoney(q.amountAtMaturity)}
                </Text>
                <Text as="dt" color="fg.muted">
                  <Trans>Maturity date</Trans>
                </Text>
                <Text as="dd" textAlign="end" fontWeight="semibold">
                  {formatDate(q.maturityAt)}
                </Text>
              </Box>
              {/* Scrolls on its own: reachable with the keyboard (Tab, then the arrow keys), named for screen readers. */}
              <Table.ScrollArea
                borderWidth="1px"
                rounded="md"
                maxH="12rem"
                overflowY="auto"
                tabIndex={0}
                role="region"
                aria-label={t`Payout schedule`}
              >
                <Table.Root size="sm" stickyHeader>
                  <Table.Caption srOnly>
                    <Trans>Payout schedule</Trans>
                  </Table.Caption>
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>
                        <Trans>Payout date</Trans>
                      </Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">
                        <Trans>Interest</Trans>
                      </Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">
                        <Trans>Principal</Trans>
                      </Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {q.payments.map((p) => (
                      <Table.Row key={p.period}>
                        <Table.Cell>{formatDate(p.dueAt)}</Table.Cell>
                        <Table.Cell textAlign="end">{formatMoney(p.interest)}</Table.Cell>
                        <Table.Cell textAlign="end">{p.principal ? formatMoney(p.principal) : '—'}</Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Table.ScrollArea>
            </Stack>
          )}
        </Box>

        <RenewalSelect value={renew} onChange={setRenew} disabled={open.isPending} />

        <Text fontSize="sm" fontWeight="medium">
          {earlyExitText(plan.earlyExitAllowed)}
        </Text>
        <Alert.Root status="info" variant="subtle">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              <Trans>Before you confirm</Trans>
            </Alert.Title>
            <Alert.Description fontSize="sm">
              {i18n._(RISK_NOTICE)} {i18n._(NOT_CRYPTO)}
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>

        {open.isError ? <FailedAction title={t`Your investment was not made`} error={open.error} /> : null}
      </chakra.form>
    </ActionDialog>
  );
}
