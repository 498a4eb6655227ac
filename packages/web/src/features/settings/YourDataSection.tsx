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
import { type TDataExport, ZCloseAccountInput, type TCloseAccountInput } from '@vestora/contract';
import { ActionDialog } from '../../components/ui/dialog';
import { PasswordField } from '../../components/ui/password-field';
import { ErrorState, PageLoader } from '../../components/ui/states';
import { toaster } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { markLoggedOut, useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';

/** While an export is being prepared, the list asks again this often. */
const PREPARING_POLL_MS = 3000;

const STATE_LABEL: Record<TDataExport['state'], { text: string; palette: string }> = {
  preparing: { text: 'Being prepared', palette: 'blue' },
  ready: { text: 'Ready', palette: 'green' },
  downloaded: { text: 'Downloaded', palette: 'gray' },
  expired: { text: 'Expired', palette: 'gray' },
  failed: { text: 'Failed', palette: 'red' },
};

function sizeOf(bytes: number | null): string {
  if (bytes === null) return '';
  return bytes < 1024 ? `${bytes} bytes` : `${(bytes / 1024).toFixed(1)} KB`;
}

/** Settings → Your data: "Download my data" (request, status, a one-time download) and "Close my account". */
export function YourDataSection() {
  return (
    <Card.Root>
      <Card.Body gap="6">
        <Stack gap="1">
          <Heading as="h2" size="lg" id="your-data-title">
            Your data
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            Take a copy of everything we hold about you, or close your account.
          </Text>
        </Stack>
        <DownloadMyData />
        <CloseMyAccount />
      </Card.Body>
    </Card.Root>
  );
}

function DownloadMyData() {
  const utils = trpc.useUtils();
  const status = trpc.dataExport.status.useQuery(undefined, {
    refetchInterval: (q) => (q.state.data?.some((e) => e.state === 'preparing') ? PREPARING_POLL_MS : false),
  });
  const request = trpc.dataExport.request.useMutation({
    onSuccess: () => void utils.dataExport.status.invalidate(),
    onError: (err) => toaster.create({ type: 'error', title: 'Export not requested', description: errorMessage(err) }),
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
      toaster.create({ type: 'error', title: 'Download not started', description: errorMessage(err) });
      void utils.dataExport.status.invalidate();
    }
  };

  const exports = status.data ?? [];
  const preparing = exports.some((e) => e.state === 'preparing');

  return (
    <Stack gap="3" as="section" aria-labelledby="download-data-title">
      <Heading as="h3" size="md" id="download-data-title">
        Download my data
      </Heading>
      <Text fontSize="sm">
        A ZIP file with your profile, ledger, deposits, withdrawals, investments, payouts, emails, signed-in devices and
        the audit rows about you, each as JSON and CSV. It is prepared in the background (usually within a minute); we
        email you when it is ready. It can be downloaded once, within 24 hours, from this page while you are signed in.
      </Text>
      <Button
        colorPalette="teal"
        alignSelf={{ base: 'stretch', sm: 'flex-start' }}
        onClick={() => request.mutate()}
        loading={request.isPending}
        loadingText="Requesting..."
        disabled={preparing}
      >
        Download my data
      </Button>
      {status.isPending ? (
        <PageLoader label="Loading your exports..." minH="4rem" />
      ) : status.isError ? (
        <ErrorState
          description={errorMessage(status.error, 'Your exports could not be loaded.')}
          onRetry={() => void status.refetch()}
          retrying={status.isFetching}
        />
      ) : exports.length === 0 ? null : (
        <List.Root as="ul" listStyleType="none" gap="2" aria-label="Your data exports" aria-live="polite">
          {exports.map((e) => (
            <Box as="li" key={e.id} borderWidth="1px" rounded="md" p="3" data-testid="data-export">
              <HStack justify="space-between" gap="3" flexWrap="wrap">
                <Stack gap="0.5">
                  <HStack gap="2">
                    <Text fontWeight="semibold">Requested {formatDateTime(e.requestedAt)}</Text>
                    <Badge colorPalette={STATE_LABEL[e.state].palette} variant="subtle">
                      {STATE_LABEL[e.state].text}
                    </Badge>
                  </HStack>
                  <Text fontSize="sm" color="fg.muted">
                    {e.state === 'preparing'
                      ? 'We are putting your data together; this list updates by itself.'
                      : e.state === 'ready'
                        ? `${sizeOf(e.bytes)} · download once, until ${formatDateTime(e.expiresAt)}`
                        : e.state === 'downloaded'
                          ? `Downloaded ${formatDateTime(e.downloadedAt)}. Request a new one for another copy.`
                          : e.state === 'expired'
                            ? `Not downloaded within 24 hours (ended ${formatDateTime(e.expiresAt)}).`
                            : 'It could not be prepared. Please request a new one.'}
                  </Text>
                </Stack>
                {e.state === 'ready' ? (
                  <Button
                    size="sm"
                    colorPalette="teal"
                    variant="outline"
                    onClick={() => void download(e.id)}
                    loading={downloading === e.id || (link.isPending && link.variables?.id === e.id)}
                    loadingText="Downloading..."
                  >
                    Download ZIP
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
        title: 'Your account is closed',
        description: 'You were signed out everywhere and your personal details were erased.',
      });
      void navigate('/', { replace: true });
    },
  });
  if (!user) return null;
  const isAdmin = user.accountType === 'admin';
  const dismiss = () => {
    setOpen(false);
    reset();
    close.reset();
  };

  return (
    <Stack gap="3" as="section" aria-labelledby="close-account-title">
      <Heading as="h3" size="md" id="close-account-title">
        Close my account
      </Heading>
      <Text fontSize="sm">
        Possible when your balance is $0.00 and nothing is under way: no open investment, no deposit waiting for review
        and no withdrawal still being paid.
      </Text>
      {isAdmin ? (
        <Text fontSize="sm" color="fg.muted">
          An administrator account cannot be closed here: another administrator must first make it a member account, so
          the desk always keeps its second pair of eyes.
        </Text>
      ) : (
        <Button
          variant="outline"
          colorPalette="red"
          alignSelf={{ base: 'stretch', sm: 'flex-start' }}
          onClick={() => setOpen(true)}
        >
          Close my account...
        </Button>
      )}
      <ActionDialog
        open={open}
        role="dialog"
        title="Close your account?"
        action={{ label: 'Close my account', palette: 'red', form: 'close-account-form' }}
        cancelLabel="Keep my account"
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
          <Text>This cannot be undone. When you close your account:</Text>
          <List.Root as="ul" ps="5" gap="1" fontSize="sm">
            <List.Item>you are signed out on every device and can never sign in to it again;</List.Item>
            <List.Item>
              your name, email address, country, city, two-factor settings and referral code are erased;
            </List.Item>
            <List.Item>
              the records of your money (ledger entries, deposits, withdrawals, investments, payouts) and the audit log
              stay, because the books must keep adding up, under an id that no longer names you;
            </List.Item>
            <List.Item>
              an export you have not downloaded is deleted: download your data first if you want it.
            </List.Item>
          </List.Root>
          <fieldset disabled={close.isPending} style={{ display: 'contents' }}>
            <PasswordField
              label="Current password"
              autoComplete="current-password"
              registration={register('currentPassword')}
              error={errors.currentPassword}
            />
            {twoFactor ? (
              <Field.Root required invalid={!!errors.code}>
                <Field.Label>Code from your authenticator app (or a recovery code)</Field.Label>
                <Input {...register('code')} inputMode="numeric" autoComplete="one-time-code" />
                {errors.code ? <Field.ErrorText>{errors.code.message}</Field.ErrorText> : null}
              </Field.Root>
            ) : null}
          </fieldset>
          {close.isError ? (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Title>{errorMessage(close.error, 'The account was not closed. Please try again.')}</Alert.Title>
            </Alert.Root>
          ) : null}
        </chakra.form>
      </ActionDialog>
    </Stack>
  );
}
