import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  Field,
  Flex,
  Heading,
  Input,
  InputGroup,
  Stack,
  Text,
  chakra,
} from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatUnits, parseUnits, type TWithdrawal } from '@vestora/contract';
import { trpc } from '../../lib/trpc';
import { useSession } from '../../lib/session';
import { errorMessage } from '../../lib/errors';
import { formatAssetAmount } from '../../lib/format';
import { useSubmissionKey } from '../../lib/use-submission-key';
import { WithdrawalSuccessDialog } from './WithdrawalSuccessDialog';

/** What the member confirms: the amount the address receives, the fee on top, what leaves their holding. */
interface Review {
  amount: string;
  address: string;
  total: string;
}

/**
 * A Bitcoin withdrawal (#32) for a member who holds BTC: the amount their address receives, the flat fee on top,
 * both shown before they confirm; the address is checked by the server (checksum, network), which says why it
 * refuses one.
 */
export function BitcoinWithdrawalForm() {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const terms = trpc.withdrawal.bitcoinTerms.useQuery(undefined, { staleTime: 60_000 });
  const holdings = trpc.portfolio.holdings.useQuery(undefined, { staleTime: 10_000 });
  const held = holdings.data?.items.find((h) => h.asset === 'BTC')?.amount;
  const submissionKey = useSubmissionKey();
  const twoFactor = useSession().user?.twoFactorEnabled === true;
  const [amount, setAmount] = useState('');
  const [address, setAddress] = useState('');
  const [otp, setOtp] = useState('');
  const [fieldError, setFieldError] = useState<{ amount?: string; address?: string; otp?: string }>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [review, setReview] = useState<Review | null>(null);
  const [submitted, setSubmitted] = useState<TWithdrawal | null>(null);

  const request = trpc.withdrawal.request.useMutation({
    onSuccess: async (w) => {
      submissionKey.done();
      setAmount('');
      setAddress('');
      setOtp('');
      setReview(null);
      setSubmitted(w);
      await Promise.all([
        utils.portfolio.holdings.invalidate(),
        utils.withdrawal.list.invalidate(),
        utils.kyc.status.invalidate(),
      ]);
    },
    onError: (err) => {
      setReview(null);
      setServerError(errorMessage(err, t`The withdrawal could not be requested. Please try again.`));
    },
  });

  if (!terms.data?.enabled || held === undefined) return null;
  const heldSats = parseUnits(held, 8);
  if (!heldSats.ok || heldSats.value <= 0n) return null;
  const { fee, feeSats } = terms.data;

  const check = () => {
    setServerError(null);
    const errors: typeof fieldError = {};
    const parsed = parseUnits(amount.trim(), 8, { positive: true });
    if (!parsed.ok) errors.amount = t`Enter an amount of BTC with at most 8 decimals, like 0.0015.`;
    else if (parsed.value + BigInt(feeSats) > heldSats.value) {
      const max = formatAssetAmount(
        formatUnits(heldSats.value > BigInt(feeSats) ? heldSats.value - BigInt(feeSats) : 0n, 8),
        'BTC',
      );
      errors.amount = t`With the fee, you can withdraw at most ${max}.`;
    }
    if (!address.trim()) errors.address = t`Enter the Bitcoin address to pay.`;
    const code = otp.replace(/\s+/g, '');
    if (twoFactor && !/^\d{6}$/.test(code)) errors.otp = t`Enter the 6-digit code from your authenticator app.`;
    setFieldError(errors);
    if (Object.keys(errors).length > 0 || !parsed.ok) return;
    setReview({
      amount: formatUnits(parsed.value, 8),
      address: address.trim(),
      total: formatUnits(parsed.value + BigInt(feeSats), 8),
    });
  };

  const confirm = () => {
    if (!review) return;
    const what = { method: 'bitcoin' as const, asset: 'BTC' as const, amount: review.amount, address: review.address };
    const code = otp.replace(/\s+/g, '');
    request.mutate({ ...what, idempotencyKey: submissionKey.keyFor(what), ...(twoFactor ? { otp: code } : {}) });
  };

  const feeText = formatAssetAmount(fee, 'BTC');
  const heldText = formatAssetAmount(held, 'BTC');
  return (
    <Card.Root as="section" aria-labelledby="btc-withdraw-heading">
      <Card.Header>
        <Heading as="h2" id="btc-withdraw-heading" size="lg">
          <Trans>Withdraw Bitcoin (BTC)</Trans>
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          <Trans>
            You hold <strong>{heldText}</strong>. The withdrawal fee is <strong>{feeText}</strong>, taken on top: your
            address receives exactly the amount you enter.
          </Trans>
        </Text>
      </Card.Header>
      <Card.Body>
        <chakra.form
          display="flex"
          flexDirection="column"
          gap="4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            check();
          }}
        >
          {serverError && (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Title>{serverError}</Alert.Title>
            </Alert.Root>
          )}
          <Field.Root required invalid={!!fieldError.amount} disabled={request.isPending || review !== null}>
            <Field.Label>
              <Trans>Amount (BTC)</Trans> <Field.RequiredIndicator />
            </Field.Label>
            <InputGroup endElement="BTC">
              <Input
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
                inputMode="decimal"
                placeholder="0.00100000"
                autoComplete="off"
                dir="ltr"
              />
            </InputGroup>
            <Field.ErrorText>{fieldError.amount}</Field.ErrorText>
          </Field.Root>
          <Field.Root required invalid={!!fieldError.address} disabled={request.isPending || review !== null}>
            <Field.Label>
              <Trans>Bitcoin address</Trans> <Field.RequiredIndicator />
            </Field.Label>
            <Input
              value={address}
              onChange={(e) => setAddress(e.target.value)}
              placeholder={terms.data.network === 'mainnet' ? 'bc1q…' : 'tb1q…'}
              autoComplete="off"
              spellCheck={false}
              dir="ltr"
            />
            <Field.ErrorText>{fieldError.address}</Field.ErrorText>
          </Field.Root>
          {twoFactor && (
            <Field.Root required invalid={!!fieldError.otp} disabled={request.isPending}>
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
              <Field.ErrorText>{fieldError.otp}</Field.ErrorText>
            </Field.Root>
          )}
          {review ? (
            <Box borderWidth="1px" borderRadius="md" p="4" role="region" aria-label={t`Confirm the withdrawal`}>
              <Stack gap="2" fontSize="sm">
                <Flex justify="space-between" gap="4">
                  <Text>
                    <Trans>The address receives</Trans>
                  </Text>
                  <Text fontWeight="semibold">{formatAssetAmount(review.amount, 'BTC')}</Text>
                </Flex>
                <Flex justify="space-between" gap="4">
                  <Text>
                    <Trans>Withdrawal fee</Trans>
                  </Text>
                  <Text>{feeText}</Text>
                </Flex>
                <Flex justify="space-between" gap="4">
                  <Text>
                    <Trans>Taken from your holding</Trans>
                  </Text>
                  <Text fontWeight="semibold">{formatAssetAmount(review.total, 'BTC')}</Text>
                </Flex>
                <Text color="fg.muted" wordBreak="break-all" dir="ltr">
                  {review.address}
                </Text>
                <Flex gap="3" justify="flex-end" wrap="wrap">
                  <Button variant="outline" onClick={() => setReview(null)} disabled={request.isPending}>
                    <Trans>Change</Trans>
                  </Button>
                  <Button colorPalette="teal" onClick={confirm} loading={request.isPending}>
                    <Trans>Confirm Bitcoin withdrawal</Trans>
                  </Button>
                </Flex>
              </Stack>
            </Box>
          ) : (
            <Button type="submit" colorPalette="teal">
              <Trans>Review Bitcoin withdrawal</Trans>
            </Button>
          )}
        </chakra.form>
      </Card.Body>
      <WithdrawalSuccessDialog withdrawal={submitted} onClose={() => setSubmitted(null)} />
    </Card.Root>
  );
}
