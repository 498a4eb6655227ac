import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { Alert, Button, Link, Text, chakra } from '@chakra-ui/react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { z } from 'zod';
import { ZPassword } from '@vestora/contract';
import { NewPasswordFields } from '../../components/ui/password-field';
import { useLocalePath } from '../../i18n/hooks';
import { errorMessage } from '../../lib/errors';
import { usePageTitle } from '../../lib/page-title';
import { trpc } from '../../lib/trpc';
import { AuthCard } from './AuthCard';

/** The mismatch message: the schema carries its id, the page shows it in the reader's language. */
const MISMATCH = msg`The two passwords do not match`;

const ZResetForm = z
  .object({ newPassword: ZPassword, repeat: z.string() })
  .refine((v) => v.newPassword === v.repeat, { path: ['repeat'], message: MISMATCH.id });

/** /reset-password?token=…: sets a new password from the emailed link; every session of the account ends. */
export default function ResetPasswordPage() {
  const { t, i18n } = useLingui();
  const localePath = useLocalePath();
  usePageTitle(t`Choose a new password`);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const utils = trpc.useUtils();
  const reset = trpc.user.resetPassword.useMutation({
    // Every session of the account ended, this browser's too.
    onSuccess: () => utils.user.session.invalidate(),
  });
  const {
    register,
    handleSubmit,
    formState: { errors: rawErrors },
  } = useForm<z.infer<typeof ZResetForm>>({
    resolver: zodResolver(ZResetForm),
    defaultValues: { newPassword: '', repeat: '' },
  });

  const errors =
    rawErrors.repeat?.message === MISMATCH.id
      ? { ...rawErrors, repeat: { ...rawErrors.repeat, message: i18n._(MISMATCH) } }
      : rawErrors;

  if (!token) {
    return (
      <AuthCard title={t`Choose a new password`}>
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Description>
            <Trans>
              This page needs the link from the reset email.{' '}
              <RouterLink to={localePath('/forgot-password')}>Ask for a new link</RouterLink>.
            </Trans>
          </Alert.Description>
        </Alert.Root>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t`Choose a new password`} subtitle={t`You will be signed out on every device.`}>
      {reset.isSuccess ? (
        <Alert.Root status="success" role="status">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              <Trans>Your password was changed</Trans>
            </Alert.Title>
            <Alert.Description>
              <Trans>
                Every device was signed out.{' '}
                <Link asChild color="teal.fg" fontWeight="semibold">
                  <RouterLink to={localePath('/login')}>Sign in with the new password</RouterLink>
                </Link>
              </Trans>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : (
        <chakra.form
          display="flex"
          flexDirection="column"
          gap="4"
          noValidate
          aria-label={t`Choose a new password`}
          onSubmit={handleSubmit((v) => reset.mutate({ token, newPassword: v.newPassword }))}
        >
          {reset.isError ? (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title color="fg.error">{errorMessage(reset.error, t`Could not set the password`)}</Alert.Title>
                <Alert.Description>
                  <Link asChild color="teal.fg">
                    <RouterLink to={localePath('/forgot-password')}>
                      <Trans>Ask for a new link</Trans>
                    </RouterLink>
                  </Link>
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          ) : null}
          <NewPasswordFields newPassword={register('newPassword')} repeat={register('repeat')} errors={errors} />
          <Button type="submit" colorPalette="teal" size="lg" loading={reset.isPending} loadingText={t`Saving...`}>
            <Trans>Set new password</Trans>
          </Button>
          <Text fontSize="xs" color="fg.muted">
            <Trans>The link works once, for 30 minutes after it was sent.</Trans>
          </Text>
        </chakra.form>
      )}
    </AuthCard>
  );
}
