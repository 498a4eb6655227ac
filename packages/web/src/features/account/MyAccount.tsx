import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { QRCodeSVG } from 'qrcode.react';
import {
  Box,
  Button,
  Card,
  DataList,
  Field,
  Flex,
  HStack,
  Heading,
  Input,
  Stack,
  Text,
  chakra,
} from '@chakra-ui/react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { LuPencil } from 'react-icons/lu';
import { ZAccountUpdateInput, type TAccount, type TAccountUpdateInput } from '@vestora/contract';
import type { z } from 'zod';
import { trpc } from '../../lib/trpc';
import { useSession } from '../../lib/session';
import { errorMessage } from '../../lib/errors';
import { toaster } from '../../components/ui/toaster';
import { ErrorState, PageLoader } from '../../components/ui/states';
import { CopyButton } from './CopyButton';

/** My Account: the platform's deposit account (QR code, bank, holder, number); admins can edit it. */
export default function MyAccount() {
  const { t } = useLingui();
  const account = trpc.account.get.useQuery();
  const { user } = useSession();
  const [editing, setEditing] = useState(false);
  // The spec shows the edit controls to every account type that is not a plain user.
  const canEdit = !!user && user.accountType !== 'user';

  return (
    <Card.Root as="section" aria-labelledby="my-account-heading">
      <Card.Header>
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Heading as="h2" id="my-account-heading" size="lg">
            <Trans>My Account</Trans>
          </Heading>
          {canEdit && account.data && !editing && (
            <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
              <LuPencil /> <Trans>Edit</Trans>
            </Button>
          )}
        </HStack>
        <Text color="fg.muted" fontSize="sm">
          <Trans>Send your bank transfer to this account, then report it with the “I have sent a transfer” form.</Trans>
        </Text>
      </Card.Header>
      <Card.Body>
        {account.isPending ? (
          <PageLoader label={t`Loading account details...`} minH="10rem" />
        ) : account.isError ? (
          <ErrorState
            title={t`Could not load the account details`}
            description={errorMessage(account.error, t`Please try again.`)}
            onRetry={() => void account.refetch()}
          />
        ) : editing ? (
          <AccountEditForm account={account.data} onDone={() => setEditing(false)} />
        ) : (
          <AccountView account={account.data} />
        )}
      </Card.Body>
    </Card.Root>
  );
}

function AccountView({ account }: { account: TAccount }) {
  const { t } = useLingui();
  const accountNumber = account.accountNumber;
  // Members' QR carries the account number and their deposit reference (plain text: the SEPA "EPC" payment QR is
  // for euro transfers only); until it has loaded, or while the account is not open, the account number alone.
  const instructions = trpc.deposit.instructions.useQuery(undefined, { retry: false });
  const withReference = instructions.data?.open ? instructions.data.qrText : null;
  return (
    <Flex direction={{ base: 'column', sm: 'row' }} gap="6" align={{ base: 'center', sm: 'flex-start' }}>
      <Box bg="white" p="3" rounded="md" borderWidth="1px" flexShrink={0} lineHeight="0">
        <QRCodeSVG
          value={withReference ?? account.accountNumber}
          size={150}
          title={
            withReference
              ? t`QR code of account number ${accountNumber} and your reference`
              : t`QR code of account number ${accountNumber}`
          }
        />
      </Box>
      <Stack gap="4" flex="1" w="full" minW="0">
        <DataList.Root orientation="vertical" size="md" gap="3">
          <DataList.Item>
            <DataList.ItemLabel>
              <Trans>Bank name</Trans>
            </DataList.ItemLabel>
            <DataList.ItemValue>{account.bankName}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>
              <Trans>Account holder</Trans>
            </DataList.ItemLabel>
            <DataList.ItemValue>{account.accountHolder}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>
              <Trans>Account number</Trans>
            </DataList.ItemLabel>
            <DataList.ItemValue fontFamily="mono" fontSize="md" wordBreak="break-all">
              {account.accountNumber}
            </DataList.ItemValue>
          </DataList.Item>
          {account.bic && (
            <DataList.Item>
              <DataList.ItemLabel>
                <Trans>BIC (SWIFT code)</Trans>
              </DataList.ItemLabel>
              <DataList.ItemValue fontFamily="mono" dir="ltr">
                {account.bic}
              </DataList.ItemValue>
            </DataList.Item>
          )}
          {account.routingNumber && (
            <DataList.Item>
              <DataList.ItemLabel>
                <Trans>Routing number (ABA)</Trans>
              </DataList.ItemLabel>
              <DataList.ItemValue fontFamily="mono" dir="ltr">
                {account.routingNumber}
              </DataList.ItemValue>
            </DataList.Item>
          )}
        </DataList.Root>
        <CopyButton
          value={account.accountNumber}
          label={t`Copy Account Number`}
          alignSelf={{ base: 'stretch', sm: 'flex-start' }}
        />
      </Stack>
    </Flex>
  );
}

const ACCOUNT_FIELDS = [
  { name: 'bankName', label: msg`Bank name`, required: true },
  { name: 'accountHolder', label: msg`Account holder`, required: true },
  { name: 'accountNumber', label: msg`Account number`, required: true },
  // The payment file names the platform's bank by them (#34); a US account has a routing number, most others a BIC.
  { name: 'bic', label: msg`BIC (SWIFT code)`, required: false },
  { name: 'routingNumber', label: msg`Routing number (ABA, US accounts)`, required: false },
] as const;

function AccountEditForm({ account, onDone }: { account: TAccount; onDone: () => void }) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TAccountUpdateInput, unknown, z.output<typeof ZAccountUpdateInput>>({
    resolver: zodResolver(ZAccountUpdateInput),
    defaultValues: {
      bankName: account.bankName,
      accountHolder: account.accountHolder,
      accountNumber: account.accountNumber,
      bic: account.bic ?? '',
      routingNumber: account.routingNumber ?? '',
    },
  });
  const update = trpc.account.update.useMutation({
    onSuccess: () => {
      void utils.approval.list.invalidate();
      // A change of the deposit account is a proposal (#27): nothing changes until a second administrator approves.
      toaster.create({
        type: 'info',
        title: t`Proposed — waiting for a second administrator`,
        description: t`Members keep seeing the current account until another administrator approves the change under Money desk → Approvals. Every administrator is mailed then.`,
      });
      onDone();
    },
    onError: (err) =>
      toaster.create({
        type: 'error',
        title: t`Could not update the account details`,
        description: errorMessage(err, t`Please try again.`),
      }),
  });

  return (
    <chakra.form
      display="flex"
      flexDirection="column"
      gap="4"
      onSubmit={handleSubmit((v) => update.mutate({ ...v, bic: v.bic ?? '', routingNumber: v.routingNumber ?? '' }))}
      maxW="lg"
    >
      {ACCOUNT_FIELDS.map((f) => (
        <Field.Root key={f.name} required={f.required} invalid={!!errors[f.name]} disabled={update.isPending}>
          <Field.Label>
            {t(f.label)} {f.required && <Field.RequiredIndicator />}
          </Field.Label>
          <Input {...register(f.name)} autoComplete="off" />
          <Field.ErrorText>{errors[f.name]?.message}</Field.ErrorText>
        </Field.Root>
      ))}
      <HStack gap="3">
        <Button type="submit" colorPalette="teal" loading={update.isPending} loadingText={t`Saving...`}>
          <Trans>Save</Trans>
        </Button>
        <Button variant="outline" onClick={onDone} disabled={update.isPending}>
          <Trans>Cancel</Trans>
        </Button>
      </HStack>
    </chakra.form>
  );
}
