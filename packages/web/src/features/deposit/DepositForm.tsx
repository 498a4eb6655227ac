import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Button, Card, Field, Heading, Input, Text, chakra } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ZDepositRequestInput } from '@vestora/contract';
import { trpc } from '../../lib/trpc';
import { errorMessage } from '../../lib/errors';
import { formatMoney } from '../../lib/format';
import { toaster } from '../../components/ui/toaster';
import { ZAmountText, parseDollars } from '../../lib/money-form';
import { AmountField } from '../../components/money/AmountField';
import { useSubmissionKey } from '../../lib/use-submission-key';

const ZDepositForm = z.object({
  amount: ZAmountText,
  reference: ZDepositRequestInput.shape.reference,
});
type DepositFormInput = z.input<typeof ZDepositForm>;
type DepositFormOutput = z.output<typeof ZDepositForm>;

/** "I have sent a transfer": the amount and reference of a transfer to the deposit account. */
export function DepositForm() {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  // The invest dialog links here with the missing amount (?amount=123.45): start with it filled in.
  const [params] = useSearchParams();
  const suggested = parseDollars(params.get('amount') ?? '');
  const submissionKey = useSubmissionKey();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<DepositFormInput, unknown, DepositFormOutput>({
    resolver: zodResolver(ZDepositForm),
    defaultValues: { amount: suggested !== null && suggested > 0 ? suggested.toFixed(2) : '', reference: '' },
  });
  const request = trpc.deposit.request.useMutation({
    onSuccess: async (deposit) => {
      submissionKey.done();
      reset();
      const amount = formatMoney(deposit.amount);
      toaster.create({
        type: 'success',
        title: t`Your deposit of ${amount} is pending review`,
        description: t`Your balance is credited when the transfer shows on our bank statement.`,
        duration: 8000,
      });
      await utils.deposit.list.invalidate();
    },
    onError: (err) =>
      toaster.create({
        type: 'error',
        title: t`Could not report the deposit`,
        description: errorMessage(err, t`Please try again.`),
      }),
  });

  const submit = (values: DepositFormOutput) => {
    request.mutate({ ...values, idempotencyKey: submissionKey.keyFor(values) });
  };

  return (
    <Card.Root as="section" aria-labelledby="deposit-form-heading">
      <Card.Header>
        <Heading as="h2" id="deposit-form-heading" size="lg">
          <Trans>I have sent a transfer</Trans>
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          <Trans>Tell us the amount and the reference you used so we can match your transfer.</Trans>
        </Text>
      </Card.Header>
      <Card.Body>
        <chakra.form display="flex" flexDirection="column" gap="4" onSubmit={handleSubmit(submit)} noValidate>
          <AmountField registration={register('amount')} error={errors.amount} disabled={request.isPending} />
          <Field.Root required invalid={!!errors.reference} disabled={request.isPending}>
            <Field.Label>
              <Trans>Transfer reference</Trans> <Field.RequiredIndicator />
            </Field.Label>
            <Input {...register('reference')} placeholder={t`e.g. VST-20391`} autoComplete="off" />
            {errors.reference ? (
              <Field.ErrorText>{errors.reference.message}</Field.ErrorText>
            ) : (
              <Field.HelperText>
                <Trans>As shown on your bank&apos;s transfer receipt.</Trans>
              </Field.HelperText>
            )}
          </Field.Root>
          <Button type="submit" colorPalette="teal" loading={request.isPending} loadingText={t`Submitting...`}>
            <Trans>Report transfer</Trans>
          </Button>
        </chakra.form>
      </Card.Body>
    </Card.Root>
  );
}
