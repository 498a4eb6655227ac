import type { ReactNode } from 'react';
import { Alert, Card, DataList, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TDepositInstructions } from '@vestora/contract';
import { trpc } from '../../lib/trpc';
import { errorMessage } from '../../lib/errors';
import { ErrorState, PageLoader } from '../../components/ui/states';
import { CopyButton } from '../account/CopyButton';
import { formatDateTime } from '../../lib/format';

/** One line of the instructions: its label, its value and a Copy button named after it (`copyLabel`). */
function Row({
  label,
  value,
  copy,
  copyLabel,
  mono,
}: {
  label: string;
  value: string;
  copy?: string;
  copyLabel?: string;
  mono?: boolean;
}) {
  const { t } = useLingui();
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>
        <HStack gap="2" wrap="wrap" w="full" justify="space-between">
          <Text fontFamily={mono ? 'mono' : undefined} wordBreak="break-all" minW="0">
            {value}
          </Text>
          {copy !== undefined ? (
            <CopyButton value={copy} label={t`Copy`} ariaLabel={copyLabel ?? t`Copy`} size="xs" />
          ) : null}
        </HStack>
      </DataList.ItemValue>
    </DataList.Item>
  );
}

function InstructionsView({ instructions: i }: { instructions: TDepositInstructions }) {
  const { t } = useLingui();
  const currency = i.currency;
  return (
    <Stack gap="5">
      <DataList.Root orientation="vertical" size="md" gap="3" w="full" minW="0">
        <Row
          label={t`Your reference`}
          value={i.referenceGrouped}
          copy={i.reference}
          copyLabel={t`Copy your reference`}
          mono
        />
        <Row
          label={t`Account holder`}
          value={i.accountHolder}
          copy={i.accountHolder}
          copyLabel={t`Copy account holder`}
        />
        <Row label={t`Bank`} value={i.bankName} copy={i.bankName} copyLabel={t`Copy bank`} />
        {i.iban ? (
          <Row label="IBAN" value={i.iban} copy={i.iban} copyLabel={t`Copy iban`} mono />
        ) : (
          <Row
            label={t`Account number`}
            value={i.accountNumber}
            copy={i.accountNumber}
            copyLabel={t`Copy account number`}
            mono
          />
        )}
        {i.bic ? <Row label="BIC" value={i.bic} copy={i.bic} copyLabel={t`Copy bic`} mono /> : null}
        <Row label={t`Currency`} value={i.currency} />
        {i.validSince ? <Row label={t`Valid since`} value={formatDateTime(i.validSince)} /> : null}
      </DataList.Root>
      <Alert.Root status="info">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Description>
            <Trans>
              Put your reference in the transfer&apos;s reference field. A transfer with this reference is credited when
              the bank statement arrives: no report needed. Send {currency} only; a transfer in another currency is not
              converted.
            </Trans>
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    </Stack>
  );
}

/**
 * How to deposit: the platform's bank account and the member's permanent reference, each with a Copy button (the
 * QR code of both is My Account's). While the account is not set up (`open` false), `notOpen` is shown instead.
 */
export function DepositInstructions({ notOpen }: { notOpen?: ReactNode }) {
  const { t } = useLingui();
  const q = trpc.deposit.instructions.useQuery(undefined, { retry: false });
  let body: ReactNode;
  if (q.isPending) body = <PageLoader label={t`Loading the deposit instructions...`} minH="10rem" />;
  else if (q.isError)
    body = (
      <ErrorState
        title={t`Could not load the deposit instructions`}
        description={errorMessage(q.error, t`Please try again.`)}
        onRetry={() => void q.refetch()}
        retrying={q.isRefetching}
      />
    );
  else if (!q.data.open) return notOpen ?? null;
  else body = <InstructionsView instructions={q.data} />;
  return (
    <Card.Root as="section" aria-labelledby="deposit-instructions-heading">
      <Card.Header>
        <Heading as="h2" id="deposit-instructions-heading" size="lg">
          <Trans>How to deposit</Trans>
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          <Trans>
            Send a bank transfer to this account with your reference. The QR code under My Account carries both.
          </Trans>
        </Text>
      </Card.Header>
      <Card.Body>{body}</Card.Body>
    </Card.Root>
  );
}
