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
import { PAYOUT_FREQUENCY_LABELS, type TPlan, type TRenewChoice, formatRateBps } from '@vestora/contract';
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
import { NOT_CRYPTO, RATE_HONESTY, RISK_NOTICE, earlyExitText, planCeiling, termText } from './invest-rules';
import { checkInvestAmount } from './invest-amount';
import { useDebounced } from '../../lib/use-debounced';
import { RenewalSelect } from './RenewalChoice';

const FORM_ID = 'invest-form';

/** Invest in one plan: the amount, the live quote (payouts, total, maturity), the rules, then Confirm. */
export default function InvestDialog({ plan, onClose }: { plan: TPlan; onClose: (invested: boolean) => void }) {
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
      toaster.create({
        type: 'success',
        title: `You invested ${formatMoney(position.amount)} in ${position.planName}`,
        description: `It matures on ${formatDate(position.maturityAt)}.${position.nextPayout ? ` The first payout, ${formatMoney(position.nextPayout.amount)}, is due on ${formatDate(position.nextPayout.dueAt)}.` : ''}`,
        duration: 15_000,
        action: {
          label: 'View the investment',
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

  return (
    <ActionDialog
      open
      size="md"
      scrollBehavior="inside"
      title={`Invest in ${plan.investmentPlanName}`}
      role="dialog"
      action={{ label: 'Confirm investment', palette: 'teal', form: FORM_ID }}
      cancelLabel="Cancel"
      busy={open.isPending}
      initialFocusEl={() => inputRef.current}
      onClose={() => onClose(false)}
    >
      <chakra.form id={FORM_ID} onSubmit={submit} noValidate display="flex" flexDirection="column" gap="4">
        <Text fontSize="sm">
          <strong>
            {plan.annualRateBps !== null ? `${formatRateBps(plan.annualRateBps)} a year` : ''}
            {plan.termMonths !== null ? ` for ${termText(plan.termMonths)}` : ''}
            {plan.payoutFrequency
              ? `, interest paid ${PAYOUT_FREQUENCY_LABELS[plan.payoutFrequency].toLowerCase()}`
              : ''}
            .
          </strong>{' '}
          {RATE_HONESTY}
        </Text>

        <Field.Root required invalid={showError} disabled={open.isPending}>
          <Field.Label>
            Amount (USD) <Field.RequiredIndicator />
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
            Between {formatMoney(plan.minAmount)} and {formatMoney(ceiling)}. Available balance: {formatMoney(balance)}.
          </Field.HelperText>
          {showError ? <Field.ErrorText>{check.message}</Field.ErrorText> : null}
        </Field.Root>

        {!check.ok && check.shortfall !== undefined ? (
          <Alert.Root status="warning" role="status">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Not enough balance: {formatMoney(check.shortfall)} missing</Alert.Title>
              <Alert.Description>
                <Link asChild color="teal.700" fontWeight="semibold">
                  <RouterLink to={`/dashboard/deposit?amount=${check.shortfall.toFixed(2)}`}>
                    Deposit {formatMoney(check.shortfall)}
                  </RouterLink>
                </Link>{' '}
                and come back once it is confirmed.
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}

        <Box aria-live="polite">
          {quotable === null ? null : quote.isError ? (
            <Text color="red.700" fontSize="sm">
              Could not work out the payouts: {errorMessage(quote.error)}
            </Text>
          ) : !q ? (
            <HStack gap="2" fontSize="sm" color="fg.muted">
              <Spinner size="xs" /> <span>Working out your payouts...</span>
            </HStack>
          ) : (
            <Stack gap="3" opacity={quote.isPlaceholderData ? 0.6 : 1}>
              <Box as="dl" display="grid" gridTemplateColumns="auto 1fr" columnGap="4" rowGap="1" fontSize="sm">
                <Text as="dt" color="fg.muted">
                  Total interest
                </Text>
                <Text as="dd" textAlign="right" fontWeight="semibold" data-testid="quote-total-interest">
                  {formatMoney(q.totalInterest)}
                </Text>
                <Text as="dt" color="fg.muted">
                  Amount at maturity
                </Text>
                <Text as="dd" textAlign="right" fontWeight="semibold">
                  {formatMoney(q.amountAtMaturity)}
                </Text>
                <Text as="dt" color="fg.muted">
                  Maturity date
                </Text>
                <Text as="dd" textAlign="right" fontWeight="semibold">
                  {formatDate(q.maturityAt)}
                </Text>
              </Box>
              <Table.ScrollArea borderWidth="1px" rounded="md" maxH="12rem" overflowY="auto">
                <Table.Root size="sm" stickyHeader>
                  <Table.Caption srOnly>Payout schedule</Table.Caption>
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>Payout date</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">Interest</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">Principal</Table.ColumnHeader>
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
            <Alert.Title>Before you confirm</Alert.Title>
            <Alert.Description fontSize="sm">
              {RISK_NOTICE} {NOT_CRYPTO}
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>

        {open.isError ? <FailedAction title="Your investment was not made" error={open.error} /> : null}
      </chakra.form>
    </ActionDialog>
  );
}
