import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Field,
  Heading,
  Input,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  chakra,
} from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { translate } from '@vestora/contract';
import { OptionSelect } from '../../components/ui/option-select';
import { toaster } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { amountProblem } from './ticket';

/**
 * "Fund the treasury" (admin, #30): proposes adding coins (or dollars) the operator really holds; nothing moves
 * until another administrator approves it on the Approvals desk.
 */
export function FundTreasuryForm() {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const assets = trpc.asset.list.useQuery(undefined, { staleTime: 10_000 });
  const [asset, setAsset] = useState('BTC');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const scale = assets.data?.find((a) => a.symbol === asset)?.scale ?? 2;
  const fund = trpc.treasury.fund.useMutation({
    onSuccess: async () => {
      toaster.create({ type: 'success', title: t`Proposed: another administrator must approve it` });
      setAmount('');
      setReason('');
      await utils.approval.invalidate();
    },
    onError: (err) => setServerError(errorMessage(err, t`The funding could not be proposed. Please try again.`)),
  });
  const submit = () => {
    setServerError(null);
    const problem = amountProblem(amount, scale);
    const next = {
      amount: problem ? translate(problem) : undefined,
      reason: reason.trim() ? undefined : t`Say where the funds come from (at most 500 characters).`,
    };
    setErrors(next);
    if (next.amount || next.reason) return;
    fund.mutate({ asset, amount: amount.trim(), reason: reason.trim() });
  };
  const options = (assets.data ?? []).map((a) => ({ value: a.symbol, label: `${a.name} (${a.symbol})` }));
  return (
    <Card.Root as="section" aria-labelledby="fund-heading">
      <Card.Header>
        <Heading as="h2" id="fund-heading" size="lg">
          <Trans>Fund the treasury</Trans>
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          <Trans>
            Add what the operator really holds (coins in its wallets, dollars in its bank). A second administrator
            approves it on the Approvals desk before anything moves.
          </Trans>
        </Text>
      </Card.Header>
      <Card.Body>
        <chakra.form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Stack gap="4">
            {serverError ? (
              <Alert.Root status="error">
                <Alert.Indicator />
                <Alert.Title>{serverError}</Alert.Title>
              </Alert.Root>
            ) : null}
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
              <Field.Root disabled={fund.isPending}>
                <Field.Label>
                  <Trans>Asset</Trans>
                </Field.Label>
                <OptionSelect options={options} value={asset} onChange={(e) => setAsset(e.currentTarget.value)} />
              </Field.Root>
              <Field.Root required invalid={!!errors.amount} disabled={fund.isPending}>
                <Field.Label>
                  <Trans>Amount ({asset})</Trans> <Field.RequiredIndicator />
                </Field.Label>
                <Input
                  value={amount}
                  onChange={(e) => setAmount(e.currentTarget.value)}
                  inputMode="decimal"
                  dir="ltr"
                  autoComplete="off"
                />
                <Field.ErrorText>{errors.amount}</Field.ErrorText>
              </Field.Root>
            </SimpleGrid>
            <Field.Root required invalid={!!errors.reason} disabled={fund.isPending}>
              <Field.Label>
                <Trans>Reason</Trans> <Field.RequiredIndicator />
              </Field.Label>
              <Textarea value={reason} onChange={(e) => setReason(e.currentTarget.value)} maxLength={500} rows={2} />
              <Field.ErrorText>{errors.reason}</Field.ErrorText>
            </Field.Root>
            <Button type="submit" colorPalette="teal" alignSelf="flex-start" loading={fund.isPending}>
              <Trans>Propose the funding</Trans>
            </Button>
          </Stack>
        </chakra.form>
      </Card.Body>
    </Card.Root>
  );
}
