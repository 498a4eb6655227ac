import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  Badge,
  Button,
  Card,
  Field,
  Heading,
  Input,
  InputGroup,
  SimpleGrid,
  Stack,
  Table,
  Text,
  chakra,
} from '@chakra-ui/react';
import { ZDepositRequestInput } from '@vestora/contract';
import { trpc } from '../../lib/trpc';
import { useSession } from '../../lib/session';
import { errorMessage } from '../../lib/errors';
import { formatDateTime, formatMoney } from '../../lib/format';
import { toaster } from '../../components/ui/toaster';
import { EmptyState, ErrorState, PageLoader } from '../../components/ui/states';
import { DEPOSIT_STATUS } from '../money/money-labels';
import MyAccount from './MyAccount';
import { ZAmountText } from './money-form';
import { useSubmissionKey } from './use-submission-key';

const ZDepositForm = z.object({
  amount: ZAmountText,
  reference: ZDepositRequestInput.shape.reference,
});
type DepositFormInput = z.input<typeof ZDepositForm>;
type DepositFormOutput = z.output<typeof ZDepositForm>;

/** /dashboard/deposit: where to send money (My Account), the "I have sent a transfer" form and recent deposits. */
export default function DepositPage() {
  return (
    <Stack gap="6">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          Deposit
        </Heading>
        <Text color="fg.muted">
          Transfer money to the account below, then report the transfer. Your balance is credited once an admin has
          matched the transfer to our bank statement.
        </Text>
      </Stack>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6" alignItems="start">
        <MyAccount />
        <DepositForm />
      </SimpleGrid>
      <RecentDeposits />
    </Stack>
  );
}

function DepositForm() {
  const utils = trpc.useUtils();
  const submissionKey = useSubmissionKey();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<DepositFormInput, unknown, DepositFormOutput>({
    resolver: zodResolver(ZDepositForm),
    defaultValues: { amount: '', reference: '' },
  });
  const request = trpc.deposit.request.useMutation({
    onSuccess: async (deposit) => {
      submissionKey.done();
      reset();
      toaster.create({
        type: 'success',
        title: `Your deposit of ${formatMoney(deposit.amount)} is pending review`,
        description: 'Your balance will be credited once an admin confirms the transfer has arrived.',
        duration: 8000,
      });
      await utils.deposit.list.invalidate();
    },
    onError: (err) =>
      toaster.create({
        type: 'error',
        title: 'Could not report the deposit',
        description: errorMessage(err, 'Please try again.'),
      }),
  });

  const submit = (values: DepositFormOutput) => {
    request.mutate({ ...values, idempotencyKey: submissionKey.keyFor(values) });
  };

  return (
    <Card.Root as="section" aria-labelledby="deposit-form-heading">
      <Card.Header>
        <Heading as="h2" id="deposit-form-heading" size="lg">
          I have sent a transfer
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          Tell us the amount and the reference you used so we can match your transfer.
        </Text>
      </Card.Header>
      <Card.Body>
        <chakra.form display="flex" flexDirection="column" gap="4" onSubmit={handleSubmit(submit)} noValidate>
          <Field.Root required invalid={!!errors.amount} disabled={request.isPending}>
            <Field.Label>
              Amount (USD) <Field.RequiredIndicator />
            </Field.Label>
            <InputGroup startElement="$">
              <Input {...register('amount')} inputMode="decimal" placeholder="0.00" autoComplete="off" />
            </InputGroup>
            <Field.ErrorText>{errors.amount?.message}</Field.ErrorText>
          </Field.Root>
          <Field.Root required invalid={!!errors.reference} disabled={request.isPending}>
            <Field.Label>
              Transfer reference <Field.RequiredIndicator />
            </Field.Label>
            <Input {...register('reference')} placeholder="e.g. VST-20391" autoComplete="off" />
            {errors.reference ? (
              <Field.ErrorText>{errors.reference.message}</Field.ErrorText>
            ) : (
              <Field.HelperText>As shown on your bank&apos;s transfer receipt.</Field.HelperText>
            )}
          </Field.Root>
          <Button type="submit" colorPalette="teal" loading={request.isPending} loadingText="Submitting...">
            Report transfer
          </Button>
        </chakra.form>
      </Card.Body>
    </Card.Root>
  );
}

function RecentDeposits() {
  const { isAdmin } = useSession();
  const deposits = trpc.deposit.list.useQuery({ limit: 10 });

  return (
    <Card.Root as="section" aria-labelledby="recent-deposits-heading">
      <Card.Header>
        <Heading as="h2" id="recent-deposits-heading" size="lg">
          {isAdmin ? 'Recent deposits (all users)' : 'Your recent deposits'}
        </Heading>
      </Card.Header>
      <Card.Body>
        {deposits.isPending ? (
          <PageLoader label="Loading deposits..." minH="10rem" />
        ) : deposits.isError ? (
          <ErrorState
            title="Could not load your deposits"
            description={errorMessage(deposits.error, 'Please try again.')}
            onRetry={() => void deposits.refetch()}
          />
        ) : deposits.data.items.length === 0 ? (
          <EmptyState title="No deposits yet" description="Deposits you report appear here with their status." />
        ) : (
          <Table.ScrollArea>
            <Table.Root size="sm" minW="560px">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Date</Table.ColumnHeader>
                  {isAdmin && <Table.ColumnHeader>User</Table.ColumnHeader>}
                  <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
                  <Table.ColumnHeader>Reference</Table.ColumnHeader>
                  <Table.ColumnHeader>Status</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {deposits.data.items.map((d) => (
                  <Table.Row key={d.id}>
                    <Table.Cell whiteSpace="nowrap">{formatDateTime(d.createdAt)}</Table.Cell>
                    {isAdmin && <Table.Cell>{d.userEmail}</Table.Cell>}
                    <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums" whiteSpace="nowrap">
                      {formatMoney(d.amount)}
                    </Table.Cell>
                    <Table.Cell wordBreak="break-word">{d.reference}</Table.Cell>
                    <Table.Cell>
                      <Badge colorPalette={DEPOSIT_STATUS[d.status].palette}>{DEPOSIT_STATUS[d.status].label}</Badge>
                      {d.status === 'rejected' && d.reason && (
                        <Text fontSize="xs" color="fg.muted" mt="1">
                          {d.reason}
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
    </Card.Root>
  );
}
