import { useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  Alert,
  Badge,
  Button,
  Card,
  CloseButton,
  Dialog,
  Field,
  Heading,
  Input,
  InputGroup,
  NativeSelect,
  Portal,
  SimpleGrid,
  Stack,
  Table,
  Text,
  chakra,
} from '@chakra-ui/react';
import { WITHDRAWAL_DETAILS, ZWithdrawalMethod, type TWithdrawal } from '@vestora/contract';
import { trpc } from '../../lib/trpc';
import { useSession } from '../../lib/session';
import { errorMessage } from '../../lib/errors';
import { formatDateTime, formatMoney } from '../../lib/format';
import { toaster } from '../../components/ui/toaster';
import { EmptyState, ErrorState, PageLoader } from '../../components/ui/states';
import { ZAmountText } from '../account/money-form';
import { useSubmissionKey } from '../account/use-submission-key';
import { WITHDRAWAL_METHOD_LABELS, WITHDRAWAL_STATUS } from '../money/money-labels';
import { ConfirmDialog } from '../plans/ConfirmDialog';

/** The same rules as ZWithdrawalRequestInput, on what the form holds (amount as typed text). */
const ZCashoutForm = z
  .object({
    amount: ZAmountText,
    method: ZWithdrawalMethod,
    details: z
      .string()
      .trim()
      .min(1, 'Payout details are required')
      .max(254, 'Payout details must be at most 254 characters'),
  })
  .check((ctx) => {
    const { method, details } = ctx.value;
    if (!details?.trim()) return;
    const r = WITHDRAWAL_DETAILS[method]?.schema.safeParse(details);
    if (r && !r.success)
      ctx.issues.push({
        code: 'custom',
        path: ['details'],
        message: r.error.issues[0]?.message ?? 'Invalid details',
        input: details,
      });
  });
type CashoutInput = z.input<typeof ZCashoutForm>;
type CashoutOutput = z.output<typeof ZCashoutForm>;

/** /dashboard/cashout: request a withdrawal (funds are held at once) and follow or cancel pending ones. */
export default function CashoutPage() {
  const { user } = useSession();
  return (
    <Stack gap="6">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          Cashout
        </Heading>
        <Text color="fg.muted">
          Request a withdrawal from your balance. The amount is put on hold immediately and paid out after review.
        </Text>
      </Stack>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6" alignItems="start">
        <WithdrawalForm balance={user?.accountBallance} />
        <Card.Root>
          <Card.Body>
            <Stack gap="3" fontSize="sm" color="fg.muted">
              <Heading as="h2" size="md" color="fg">
                How withdrawals work
              </Heading>
              <Text>1. You request an amount; it leaves your available balance and is held for you.</Text>
              <Text>2. Our team reviews the request and sends the payout to the details you gave.</Text>
              <Text>3. While a request is pending you can cancel it and the held amount returns to your balance.</Text>
              <Text>Payouts sent to wrong details cannot be recovered: please check them carefully.</Text>
            </Stack>
          </Card.Body>
        </Card.Root>
      </SimpleGrid>
      <WithdrawalHistory />
    </Stack>
  );
}

function WithdrawalForm({ balance }: { balance: number | undefined }) {
  const utils = trpc.useUtils();
  const submissionKey = useSubmissionKey();
  const [submitted, setSubmitted] = useState<TWithdrawal | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors },
  } = useForm<CashoutInput, unknown, CashoutOutput>({
    resolver: zodResolver(ZCashoutForm),
    defaultValues: { amount: '', method: 'bank', details: '' },
  });
  const method = useWatch({ control, name: 'method' }) ?? 'bank';
  const details = WITHDRAWAL_DETAILS[method] ?? WITHDRAWAL_DETAILS.bank;

  const request = trpc.withdrawal.request.useMutation({
    onSuccess: async (withdrawal) => {
      submissionKey.done();
      reset();
      setSubmitted(withdrawal);
      await Promise.all([utils.user.me.invalidate(), utils.withdrawal.list.invalidate()]);
    },
    onError: (err) => setServerError(errorMessage(err, 'The withdrawal could not be requested. Please try again.')),
  });

  const submit = (values: CashoutOutput) => {
    setServerError(null);
    request.mutate({ ...values, idempotencyKey: submissionKey.keyFor(values) });
  };

  return (
    <Card.Root as="section" aria-labelledby="withdraw-heading">
      <Card.Header>
        <Heading as="h2" id="withdraw-heading" size="lg">
          Withdraw funds
        </Heading>
        {balance !== undefined && (
          <Text color="fg.muted" fontSize="sm">
            Available balance: <strong>{formatMoney(balance)}</strong>
          </Text>
        )}
      </Card.Header>
      <Card.Body>
        <chakra.form display="flex" flexDirection="column" gap="4" onSubmit={handleSubmit(submit)} noValidate>
          {serverError && (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Title>{serverError}</Alert.Title>
            </Alert.Root>
          )}
          <Field.Root required invalid={!!errors.amount} disabled={request.isPending}>
            <Field.Label>
              Amount (USD) <Field.RequiredIndicator />
            </Field.Label>
            <InputGroup startElement="$">
              <Input {...register('amount')} inputMode="decimal" placeholder="0.00" autoComplete="off" />
            </InputGroup>
            <Field.ErrorText>{errors.amount?.message}</Field.ErrorText>
          </Field.Root>
          <Field.Root required disabled={request.isPending}>
            <Field.Label>
              Withdrawal method <Field.RequiredIndicator />
            </Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field {...register('method')}>
                {ZWithdrawalMethod.options.map((m) => (
                  <option key={m} value={m}>
                    {WITHDRAWAL_METHOD_LABELS[m]}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root required invalid={!!errors.details} disabled={request.isPending}>
            <Field.Label>
              {details.label} <Field.RequiredIndicator />
            </Field.Label>
            <Input
              {...register('details')}
              placeholder={details.placeholder}
              type={method === 'paypal' ? 'email' : 'text'}
              autoComplete="off"
              spellCheck={false}
            />
            <Field.ErrorText>{errors.details?.message}</Field.ErrorText>
          </Field.Root>
          <Button type="submit" colorPalette="teal" loading={request.isPending} loadingText="Submitting...">
            Withdraw Funds
          </Button>
        </chakra.form>
      </Card.Body>

      <Dialog.Root
        role="alertdialog"
        open={submitted !== null}
        onOpenChange={(e) => {
          if (!e.open) setSubmitted(null);
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
                  Your withdrawal request for {formatMoney(submitted?.amount)} was submitted and is pending review. The
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
    </Card.Root>
  );
}

function WithdrawalHistory() {
  const { user, isAdmin } = useSession();
  const utils = trpc.useUtils();
  const withdrawals = trpc.withdrawal.list.useQuery({ limit: 20 });
  const [toCancel, setToCancel] = useState<TWithdrawal | null>(null);
  const cancel = trpc.withdrawal.cancel.useMutation({
    onSuccess: async (w) => {
      setToCancel(null);
      toaster.create({
        type: 'success',
        title: `Withdrawal cancelled: ${formatMoney(w.amount)} is back in your balance.`,
      });
      await Promise.all([utils.user.me.invalidate(), utils.withdrawal.list.invalidate()]);
    },
    onError: async (err) => {
      setToCancel(null);
      toaster.create({
        type: 'error',
        title: 'Could not cancel the withdrawal',
        description: errorMessage(err, 'Please try again.'),
      });
      await utils.withdrawal.list.invalidate();
    },
  });

  return (
    <Card.Root as="section" aria-labelledby="withdrawals-heading">
      <Card.Header>
        <Heading as="h2" id="withdrawals-heading" size="lg">
          {isAdmin ? 'Recent withdrawals (all users)' : 'Your withdrawals'}
        </Heading>
      </Card.Header>
      <Card.Body>
        {withdrawals.isPending ? (
          <PageLoader label="Loading withdrawals..." minH="10rem" />
        ) : withdrawals.isError ? (
          <ErrorState
            title="Could not load your withdrawals"
            description={errorMessage(withdrawals.error, 'Please try again.')}
            onRetry={() => void withdrawals.refetch()}
          />
        ) : withdrawals.data.items.length === 0 ? (
          <EmptyState title="No withdrawals yet" description="Withdrawals you request appear here with their status." />
        ) : (
          <Table.ScrollArea>
            <Table.Root size="sm" minW="640px">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Date</Table.ColumnHeader>
                  {isAdmin && <Table.ColumnHeader>User</Table.ColumnHeader>}
                  <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
                  <Table.ColumnHeader>Method</Table.ColumnHeader>
                  <Table.ColumnHeader>Details</Table.ColumnHeader>
                  <Table.ColumnHeader>Status</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Action</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {withdrawals.data.items.map((w) => (
                  <Table.Row key={w.id}>
                    <Table.Cell whiteSpace="nowrap">{formatDateTime(w.createdAt)}</Table.Cell>
                    {isAdmin && <Table.Cell>{w.userEmail}</Table.Cell>}
                    <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums" whiteSpace="nowrap">
                      {formatMoney(w.amount)}
                    </Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{WITHDRAWAL_METHOD_LABELS[w.method]}</Table.Cell>
                    <Table.Cell maxW="48" truncate title={w.details}>
                      {w.details}
                    </Table.Cell>
                    <Table.Cell>
                      <Badge colorPalette={WITHDRAWAL_STATUS[w.status].palette}>
                        {WITHDRAWAL_STATUS[w.status].label}
                      </Badge>
                      {w.status === 'rejected' && w.reason && (
                        <Text fontSize="xs" color="fg.muted" mt="1">
                          {w.reason}
                        </Text>
                      )}
                    </Table.Cell>
                    <Table.Cell textAlign="end">
                      {w.status === 'pending' && w.userId === user?.id ? (
                        <Button size="xs" variant="outline" colorPalette="red" onClick={() => setToCancel(w)}>
                          Cancel
                        </Button>
                      ) : (
                        <Text as="span" color="fg.subtle" aria-hidden>
                          —
                        </Text>
                      )}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </Card.Body>

      <ConfirmDialog
        open={toCancel !== null}
        title="Cancel this withdrawal?"
        confirmLabel="Cancel withdrawal"
        cancelLabel="Keep it"
        busy={cancel.isPending}
        onConfirm={() => toCancel && cancel.mutate({ id: toCancel.id })}
        onClose={() => !cancel.isPending && setToCancel(null)}
      >
        <Text>
          The request for {formatMoney(toCancel?.amount)} will be cancelled and the amount returned to your balance.
        </Text>
      </ConfirmDialog>
    </Card.Root>
  );
}
