import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  chakra,
  Field,
  Heading,
  HStack,
  Input,
  List,
  Stack,
  Text,
} from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type TDataExport, ZCloseAccountInput, type TCloseAccountInput } from '@vestora/contract';
import { intlLocale } from '../../i18n';
import { useLocalePath } from '../../i18n/hooks';
import { ActionDialog } from '../../components/ui/dialog';
import { PasswordField } from '../../components/ui/password-field';
import { ErrorState, PageLoader } from '../../components/ui/states';
import { toaster } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/errors';
import { formatDateTime, formatMoney } from '../../lib/format';
import { markLoggedOut, useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';

/** While an export is being prepared, the list asks again this often. */
const PREPARING_POLL_MS = 3000;

const STATE_LABEL: Record<TDataExport['state'], { text: MessageDescriptor; palette: string }> = {
  preparing: { text: msg`Being prepared`, palette: 'blue' },
  ready: { text: msg`Ready`, palette: 'green' },
  downloaded: { text: msg`Downloaded`, palette: 'gray' },
  expired: { text: msg`Expired`, palette: 'gray' },
  failed: { text: msg`Failed`, palette: 'red' },
};

/** A file's size in the reader's language: `512 bytes`, `1.5 KB` (`1,5 KB` in German). */
function sizeOf(bytes: number | null): string {
  if (bytes === null) return '';
  if (bytes < 1024) return t({ message: plural(bytes, { one: '# byte', other: '# bytes' }) });
  const size = new Intl.NumberFormat(intlLocale(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
    bytes / 1024,
  );
  return t`${size} KB`;
}

/** Settings → Your data: "Download my data" (request, status, a one-time download) and "Close my account". */
export function YourDataSection() {
  return (
    <Card.Root>
      <Card.Body gap="6">
        <Stack gap="1">
          <Heading as="h2" size="lg" id="your-data-title">
            <Trans>Your data</Trans>
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            <Trans>Take a copy of everything we hold about you, or close your account.</Trans>
          </Text>
        </Stack>
        <DownloadMyData />
        <CloseMyAccount />
      </Card.Body>
    </Card.Root>
  );
}

function DownloadMyData() {
  const { t, i18n } = useLingui();
  const utils = trpc.useUtils();
  const status = trpc.dataExport.status.useQuery(undefined, {
    refetchInterval: (q) => (q.state.data?.some((e) => e.state === 'preparing') ? PREPARING_POLL_MS : false),
  });
  const request = trpc.dataExport.request.useMutation({
    onSuccess: () => void utils.dataExport.status.invalidate(),
    onError: (err) => toaster.create({ type: 'error', title: t`Export not requested`, description: errorMessage(err) }),
  });
  const [downloading, setDownloading] = useState<string | null>(null);
  const link = trpc.dataExport.link.useMutation();
  // The file is fetched by the browser itself (an attachment: the page stays); the list then says "Downloaded".
  useEffect(() => {
    if (!downloading) return;
    const timer = setTimeout(() => {
      setDownloading(null);
      void utils.dataExport.status.invalidate();
    }, 2000);
    return () => clearTimeout(timer);
  }, [downloading, utils]);

  const download = async (id: string) => {
    try {
      const { url } = await link.mutateAsync({ id });
      setDownloading(id);
      window.location.assign(url);
    } catch (err) {
      toaster.create({ type: 'error', title: t`Download not started`, description: errorMessage(err) });
      void utils.dataExport.status.invalidate();
    }
  };

  const exportNote = (e: TDataExport) => {
    const size = sizeOf(e.bytes);
    const until = formatDateTime(e.expiresAt);
    const downloadedAt = formatDateTime(e.downloadedAt);
    switch (e.state) {
      case 'preparing':
        return t`We are putting your data together; this list updates by itself.`;
      case 'ready':
        return t`${size} · download once, until ${until}`;
      case 'downloaded':
        return t`Downloaded ${downloadedAt}. Request a new one for another copy.`;
      case 'expired':
        return t`Not downloaded within 24 hours (ended ${until}).`;
      default:
        return t`It could not be prepared. Please request a new one.`;
    }
  };

  const exports = status.data ?? [];
  const preparing = exports.some((e) => e.state === 'preparing');

  return (
    <Stack gap="3" as="section" aria-labelledby="download-data-title">
      <Heading as="h3" size="md" id="download-data-title">
        <Trans>Download my data</Trans>
      </Heading>
      <Text fontSize="sm">
        <Trans>
          A ZIP file with your profile, ledger, deposits, withdrawals, investments, payouts, emails, signed-in devices
          and the audit rows about you, each as JSON and CSV. It is prepared in the background (usually within a
          minute); we email you when it is ready. It can be downloaded once, within 24 hours, from this page while you
          are signed in.
        </Trans>
      </Text>
      <Button
        colorPalette="teal"
        alignSelf={{ base: 'stretch', sm: 'flex-start' }}
        onClick={() => request.mutate()}
        loading={request.isPending}
        loadingText={t`Requesting...`}
        disabled={preparing}
      >
        <Trans>Download my data</Trans>
      </Button>
      {status.isPending ? (
        <PageLoader label={t`Loading your exports...`} minH="4rem" />
      ) : status.isError ? (
        <ErrorState
          description={errorMessage(status.error, t`Your exports could not be loaded.`)}
          onRetry={() => void status.refetch()}
          retrying={status.isFetching}
        />
      ) : exports.length === 0 ? null : (
        <List.Root as="ul" listStyleType="none" gap="2" aria-label={t`Your data exports`} aria-live="polite">
          {exports.map((e) => (
            <Box as="li" key={e.id} borderWidth="1px" rounded="md" p="3" data-testid="data-export">
              <HStack justify="space-between" gap="3" flexWrap="wrap">
                <Stack gap="0.5">
                  <HStack gap="2">
                    <Text fontWeight="semibold">
                      <Trans>Requested {formatDateTime(e.requestedAt)}</Trans>
                    </Text>
                    <Badge colorPalette={STATE_LABEL[e.state].palette} variant="subtle">
                      {i18n._(STATE_LABEL[e.state].text)}
                    </Badge>
                  </HStack>
                  <Text fontSize="sm" color="fg.muted">
                    {exportNote(e)}
                  </Text>
                </Stack>
                {e.state === 'ready' ? (
                  <Button
                    size="sm"
                    colorPalette="teal"
                    variant="outline"
                    onClick={() => void download(e.id)}
                    loading={downloading === e.id || (link.isPending && link.variables?.id === e.id)}
                    loadingText={t`Downloading...`}
                  >
                    <Trans>Download ZIP</Trans>
                  </Button>
                ) : null}
              </HStack>
            </Box>
          ))}
        </List.Root>
      )}
    </Stack>
  );
}

function CloseMyAccount() {
  const { t } = useLingui();
  const localePath = useLocalePath();
  const { user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const twoFactor = user?.twoFactorEnabled === true;
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<TCloseAccountInput>({
    resolver: zodResolver(ZCloseAccountInput),
    defaultValues: { currentPassword: '' },
  });
  const close = trpc.user.close.useMutation({
    onSuccess: () => {
      markLoggedOut();
      queryClient.removeQueries();
      toaster.create({
        type: 'success',
        title: t`Your account is closed`,
        description: t`You were signed out everywhere and your personal details were erased.`,
      });
      void navigate(localePath('/'), { replace: true });
    },
  });
  if (!user) return null;
  const isAdmin = user.accountType === 'admin';
  const zero = formatMoney(0);
  const dismiss = () => {
    setOpen(false);
    reset();
    close.reset();
  };

  return (
    <Stack gap="3" as="section" aria-labelledby="close-account-title">
      <Heading as="h3" size="md" id="close-account-title">
        <Trans>Close my account</Trans>
      </Heading>
      <Text fontSize="sm">
        <Trans>
          Possible when your balance is {zero} and nothing is under way: no open investment, no deposit waiting for
          review and no withdrawal still being paid.
        </Trans>
      </Text>
      {isAdmin ? (
        <Text fontSize="sm" color="fg.muted">
          <Trans>
            An administrator account cannot be closed here: another administrator must first make it a member account,
            so the desk always keeps its second pair of eyes.
          </Trans>
        </Text>
      ) : (
        <Button
          variant="outline"
          colorPalette="red"
          alignSelf={{ base: 'stretch', sm: 'flex-start' }}
          onClick={() => setOpen(true)}
        >
          <Trans>Close my account...</Trans>
        </Button>
      )}
      <ActionDialog
        open={open}
        role="dialog"
        title={t`Close your account?`}
        action={{ label: t`Close my account`, palette: 'red', form: 'close-account-form' }}
        cancelLabel={t`Keep my account`}
        busy={close.isPending}
        onClose={dismiss}
        scrollBehavior="inside"
      >
        <chakra.form
          id="close-account-form"
          noValidate
          display="flex"
          flexDirection="column"
          gap="4"
          onSubmit={handleSubmit((v) => close.mutate(v))}
        >
          <Text>
            <Trans>This cannot be undone. When you close your account:</Trans>
          </Text>
          <List.Root as="ul" ps="5" gap="1" fontSize="sm">
            <List.Item>
              <Trans>you are signed out on every device and can never sign in to it again;</Trans>
            </List.Item>
            <List.Item>
              <Trans>your name, email address, country, city, two-factor settings and referral code are erased;</Trans>
            </List.Item>
            <List.Item>
              <Trans>
                the records of your money (ledger entries, deposits, withdrawals, investments, payouts) and the audit
                log stay, because the books must keep adding up, under an id that no longer names you;
              </Trans>
            </List.Item>
            <List.Item>
              <Trans>an export you have not downloaded is deleted: download your data first if you want it.</Trans>
            </List.Item>
          </List.Root>
          <fieldset disabled={close.isPending} style={{ display: 'contents' }}>
            <PasswordField
              label={t`Current password`}
              autoComplete="current-password"
              registration={register('currentPassword')}
              error={errors.currentPassword}
            />
            {twoFactor ? (
              <Field.Root required invalid={!!errors.code}>
                <Field.Label>
                  <Trans>Code from your authenticator app (or a recovery code)</Trans>
                </Field.Label>
                <Input {...register('code')} inputMode="numeric" autoComplete="one-time-code" />
                {errors.code ? <Field.ErrorText>{errors.code.message}</Field.ErrorText> : null}
              </Field.Root>
            ) : null}
          </fieldset>
          {close.isError ? (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Title>{errorMessage(close.error, t`The account was not closed. Please try again.`)}</Alert.Title>
            </Alert.Root>
          ) : null}
        </chakra.form>
      </ActionDialog>
    </Stack>
  );
}
