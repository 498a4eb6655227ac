import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Alert, Button, Card, Field, Heading, Input, NativeSelect, Text, chakra } from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  ZBankPayee,
  ZWithdrawalDetailsText,
  ZDollarWithdrawalMethod,
  checkWithdrawalDetails,
  dollarsToCents,
  type TBankPayeeInput,
  type TWithdrawal,
  type TDollarWithdrawalMethod,
} from '@vestora/contract';
import { trpc } from '../../lib/trpc';
import { useSession } from '../../lib/session';
import { errorMessage } from '../../lib/errors';
import { formatMoney } from '../../lib/format';
import { ZAmountText } from '../../lib/money-form';
import { AmountField } from '../../components/money/AmountField';
import { useSubmissionKey } from '../../lib/use-submission-key';
import { WithdrawalSuccessDialog } from './WithdrawalSuccessDialog';

/** Where a bank payout goes: an IBAN (with its BIC), or a US account with its routing number (#34). */
const BANK_KINDS = ['iban', 'us'] as const;
type BankKind = (typeof BANK_KINDS)[number];

/** The bank account the form holds, as withdrawal.request takes it. */
function bankPayee(v: {
  bankKind: BankKind;
  iban: string;
  bic: string;
  routingNumber: string;
  accountNumber: string;
}): TBankPayeeInput {
  return v.bankKind === 'iban'
    ? { kind: 'iban', iban: v.iban, bic: v.bic }
    : { kind: 'us', routingNumber: v.routingNumber, accountNumber: v.accountNumber };
}

/**
 * ZWithdrawalRequestInput's rules on what the form holds (the amount as typed text): a bank account checked as
 * the server checks it (IBAN check digits, BIC shape, ABA checksum), else the method's details text.
 */
const ZWithdrawalForm = z
  .object({
    amount: ZAmountText,
    method: ZDollarWithdrawalMethod,
    details: z.string(),
    bankKind: z.enum(BANK_KINDS),
    iban: z.string(),
    bic: z.string(),
    routingNumber: z.string(),
    accountNumber: z.string(),
  })
  .superRefine((v, ctx) => {
    if (v.method === 'bank') {
      const bank = ZBankPayee.safeParse(bankPayee(v));
      if (!bank.success)
        for (const issue of bank.error.issues)
          ctx.addIssue({ code: 'custom', path: issue.path.map(String), message: issue.message });
      return;
    }
    const details = ZWithdrawalDetailsText.safeParse(v.details);
    if (!details.success) {
      ctx.addIssue({ code: 'custom', path: ['details'], message: details.error.issues[0]?.message ?? '' });
      return;
    }
    checkWithdrawalDetails({ method: v.method, details: details.data }, ctx);
  });
type WithdrawalFormInput = z.input<typeof ZWithdrawalForm>;
type WithdrawalFormOutput = z.output<typeof ZWithdrawalForm>;

/** The contract's WITHDRAWAL_DETAILS words (label and placeholder of each method's field) in the reader's language. */
const DETAILS_WORDS: Record<TDollarWithdrawalMethod, { label: MessageDescriptor; placeholder: MessageDescriptor }> = {
  bank: { label: msg`Bank Account Number`, placeholder: msg`Enter your bank account number` },
  paypal: { label: msg`PayPal Email`, placeholder: msg`Enter your PayPal email` },
  crypto: { label: msg`Crypto Wallet Address`, placeholder: msg`Enter your crypto wallet address` },
};

/** The kinds of bank account, in the reader's language. */
const BANK_KIND_WORDS: Record<BankKind, MessageDescriptor> = {
  iban: msg`IBAN (Europe and most countries)`,
  us: msg`United States: routing and account number`,
};

/** The method names of the select (WITHDRAWAL_METHOD_LABELS), in the reader's language. */
const METHOD_WORDS: Record<TDollarWithdrawalMethod, MessageDescriptor> = {
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
    defaultValues: {
      amount: '',
      method: 'bank',
      details: '',
      bankKind: 'iban',
      iban: '',
      bic: '',
      routingNumber: '',
      accountNumber: '',
    },
  });
  const method = useWatch({ control, name: 'method' }) ?? 'bank';
  const bankKind = useWatch({ control, name: 'bankKind' }) ?? 'iban';
  const details = DETAILS_WORDS[method];

  const request = trpc.withdrawal.request.useMutation({
    onSuccess: async (withdrawal) => {
      submissionKey.done();
      reset();
      setOtp('');
      setSubmitted(withdrawal);
      // The limits' used amounts (#33) count the new request.
      await Promise.all([
        utils.user.session.invalidate(),
        utils.withdrawal.list.invalidate(),
        utils.kyc.status.invalidate(),
      ]);
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
    // A bank payout sends its account (the server writes the details from it); the others their details.
    const what =
      values.method === 'bank'
        ? { amount: values.amount, method: values.method, bank: bankPayee(values) }
        : { amount: values.amount, method: values.method, details: values.details };
    request.mutate({
      ...what,
      idempotencyKey: submissionKey.keyFor(what),
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
                {ZDollarWithdrawalMethod.options.map((m) => (
                  <option key={m} value={m}>
                    {t(METHOD_WORDS[m])}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          {method === 'bank' ? (
            <>
              <Field.Root required disabled={request.isPending}>
                <Field.Label>
                  <Trans>Bank account</Trans> <Field.RequiredIndicator />
                </Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field {...register('bankKind')}>
                    {BANK_KINDS.map((k) => (
                      <option key={k} value={k}>
                        {t(BANK_KIND_WORDS[k])}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
              {bankKind === 'iban' ? (
                <>
                  <Field.Root required invalid={!!errors.iban} disabled={request.isPending}>
                    <Field.Label>
                      <Trans>IBAN</Trans> <Field.RequiredIndicator />
                    </Field.Label>
                    <Input
                      {...register('iban')}
                      placeholder="DE89 3704 0044 0532 0130 00"
                      dir="ltr"
                      autoComplete="off"
                      spellCheck={false}
                    />
                    <Field.ErrorText>{errors.iban?.message}</Field.ErrorText>
                  </Field.Root>
                  <Field.Root invalid={!!errors.bic} disabled={request.isPending}>
                    <Field.Label>
                      <Trans>BIC (SWIFT code)</Trans>
                    </Field.Label>
                    <Input
                      {...register('bic')}
                      placeholder="COBADEFFXXX"
                      dir="ltr"
                      autoComplete="off"
                      spellCheck={false}
                    />
                    {errors.bic ? (
                      <Field.ErrorText>{errors.bic.message}</Field.ErrorText>
                    ) : (
                      <Field.HelperText>
                        <Trans>Your bank's code: optional within the SEPA area, needed for banks elsewhere.</Trans>
                      </Field.HelperText>
                    )}
                  </Field.Root>
                </>
              ) : (
                <>
                  <Field.Root required invalid={!!errors.routingNumber} disabled={request.isPending}>
                    <Field.Label>
                      <Trans>Routing number (ABA)</Trans> <Field.RequiredIndicator />
                    </Field.Label>
                    <Input
                      {...register('routingNumber')}
                      placeholder="011000015"
                      inputMode="numeric"
                      dir="ltr"
                      autoComplete="off"
                      spellCheck={false}
                    />
                    <Field.ErrorText>{errors.routingNumber?.message}</Field.ErrorText>
                  </Field.Root>
                  <Field.Root required invalid={!!errors.accountNumber} disabled={request.isPending}>
                    <Field.Label>
                      <Trans>Account number</Trans> <Field.RequiredIndicator />
                    </Field.Label>
                    <Input
                      {...register('accountNumber')}
                      inputMode="numeric"
                      dir="ltr"
                      autoComplete="off"
                      spellCheck={false}
                    />
                    <Field.ErrorText>{errors.accountNumber?.message}</Field.ErrorText>
                  </Field.Root>
                </>
              )}
            </>
          ) : (
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
          )}
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
