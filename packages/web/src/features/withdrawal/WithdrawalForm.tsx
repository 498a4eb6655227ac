import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Alert, Button, Card, Field, Heading, Input, NativeSelect, Text, chakra } from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  ZWithdrawalDetailsText,
  ZWithdrawalMethod,
  checkWithdrawalDetails,
  dollarsToCents,
  type TWithdrawal,
  type TWithdrawalMethod,
} from '@vestora/contract';
import { trpc } from '../../lib/trpc';
import { useSession } from '../../lib/session';
import { errorMessage } from '../../lib/errors';
import { formatMoney } from '../../lib/format';
import { ZAmountText } from '../../lib/money-form';
import { AmountField } from '../../components/money/AmountField';
import { useSubmissionKey } from '../../lib/use-submission-key';
import { WithdrawalSuccessDialog } from './WithdrawalSuccessDialog';

/** ZWithdrawalRequestInput's rules on what the form holds (the amount as typed text). */
const ZWithdrawalForm = z
  .object({ amount: ZAmountText, method: ZWithdrawalMethod, details: ZWithdrawalDetailsText })
  .superRefine(checkWithdrawalDetails);
type WithdrawalFormInput = z.input<typeof ZWithdrawalForm>;
type WithdrawalFormOutput = z.output<typeof ZWithdrawalForm>;

/** The contract's WITHDRAWAL_DETAILS words (label and placeholder of each method's field) in the reader's language. */
const DETAILS_WORDS: Record<TWithdrawalMethod, { label: MessageDescriptor; placeholder: MessageDescriptor }> = {
  bank: { label: msg`Bank Account Number`, placeholder: msg`Enter your bank account number` },
  paypal: { label: msg`PayPal Email`, placeholder: msg`Enter your PayPal email` },
  crypto: { label: msg`Crypto Wallet Address`, placeholder: msg`Enter your crypto wallet address` },
};

/** The method names of the select (WITHDRAWAL_METHOD_LABELS), in the reader's language. */
const METHOD_WORDS: Record<TWithdrawalMethod, MessageDescriptor> = {
  bank: msg`Bank Transfer`,
  paypal: msg`PayPal`,
  crypto: msg`Cryptocurrency`,
};

/** The withdrawal request form, with the available balance; a 'Success!' dialog confirms a request. */
export function WithdrawalForm({ balance }: { balance: number | undefined }) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const submissionKey = useSubmissionKey();
  const [submitted, setSubmitted] = useState<TWithdrawal | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  // With two-factor sign-in on, the server asks for a current authenticator code with every request.
  const twoFactor = useSession().user?.twoFactorEnabled === true;
  const [otp, setOtp] = useState('');
  const [otpError, setOtpError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    control,
    setError,
    formState: { errors },
  } = useForm<WithdrawalFormInput, unknown, WithdrawalFormOutput>({
    resolver: zodResolver(ZWithdrawalForm),
    defaultValues: { amount: '', method: 'bank', details: '' },
  });
  const method = useWatch({ control, name: 'method' }) ?? 'bank';
  const details = DETAILS_WORDS[method];

  const request = trpc.withdrawal.request.useMutation({
    onSuccess: async (withdrawal) => {
      submissionKey.done();
      reset();
      setOtp('');
      setSubmitted(withdrawal);
      await Promise.all([utils.user.session.invalidate(), utils.withdrawal.list.invalidate()]);
    },
    onError: (err) => setServerError(errorMessage(err, t`The withdrawal could not be requested. Please try again.`)),
  });

  const submit = (values: WithdrawalFormOutput) => {
    setServerError(null);
    // More than the balance: say so now, before asking for an authenticator code the server would spend on a
    // request it then refuses.
    if (balance !== undefined && (dollarsToCents(values.amount) ?? 0) > (dollarsToCents(balance) ?? 0)) {
      const available = formatMoney(balance);
      setError('amount', {
        message: t`Your available balance is ${available}: you can withdraw at most that.`,
      });
      return;
    }
    const code = otp.replace(/\s+/g, '');
    if (twoFactor && !/^\d{6}$/.test(code)) {
      setOtpError(t`Enter the 6-digit code from your authenticator app.`);
      return;
    }
    setOtpError(null);
    request.mutate({
      ...values,
      idempotencyKey: submissionKey.keyFor(values),
      ...(twoFactor ? { otp: code } : {}),
    });
  };

  return (
    <Card.Root as="section" aria-labelledby="withdraw-heading">
      <Card.Header>
        <Heading as="h2" id="withdraw-heading" size="lg">
          <Trans>Withdraw funds</Trans>
        </Heading>
        {balance !== undefined && (
          <Text color="fg.muted" fontSize="sm">
            <Trans>
              Available balance: <strong>{formatMoney(balance)}</strong>
            </Trans>
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
          <AmountField registration={register('amount')} error={errors.amount} disabled={request.isPending} />
          <Field.Root required disabled={request.isPending}>
            <Field.Label>
              <Trans>Withdrawal method</Trans> <Field.RequiredIndicator />
            </Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field {...register('method')}>
                {ZWithdrawalMethod.options.map((m) => (
                  <option key={m} value={m}>
                    {t(METHOD_WORDS[m])}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root required invalid={!!errors.details} disabled={request.isPending}>
            <Field.Label>
              {t(details.label)} <Field.RequiredIndicator />
            </Field.Label>
            <Input
              {...register('details')}
              placeholder={t(details.placeholder)}
              type={method === 'paypal' ? 'email' : 'text'}
              autoComplete="off"
              spellCheck={false}
            />
            <Field.ErrorText>{errors.details?.message}</Field.ErrorText>
          </Field.Root>
          {twoFactor && (
            <Field.Root required invalid={!!otpError} disabled={request.isPending}>
              <Field.Label>
                <Trans>Authenticator code</Trans> <Field.RequiredIndicator />
              </Field.Label>
              <Input
                value={otp}
                onChange={(e) => setOtp(e.target.value)}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={7}
                placeholder="123456"
                spellCheck={false}
              />
              {otpError ? (
                <Field.ErrorText>{otpError}</Field.ErrorText>
              ) : (
                <Field.HelperText>
                  <Trans>Two-factor sign-in is on: enter the current code from your app.</Trans>
                </Field.HelperText>
              )}
            </Field.Root>
          )}
          <Button type="submit" colorPalette="teal" loading={request.isPending} loadingText={t`Submitting...`}>
            <Trans>Withdraw Funds</Trans>
          </Button>
        </chakra.form>
      </Card.Body>

      <WithdrawalSuccessDialog withdrawal={submitted} onClose={() => setSubmitted(null)} />
    </Card.Root>
  );
}
