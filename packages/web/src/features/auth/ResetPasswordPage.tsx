import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { Alert, Button, Link, Text, chakra } from '@chakra-ui/react';
import { z } from 'zod';
import { ZPassword } from '@vestora/contract';
import { NewPasswordFields } from '../../components/ui/password-field';
import { errorMessage } from '../../lib/errors';
import { usePageTitle } from '../../lib/page-title';
import { trpc } from '../../lib/trpc';
import { AuthCard } from './AuthCard';

const ZResetForm = z
  .object({ newPassword: ZPassword, repeat: z.string() })
  .refine((v) => v.newPassword === v.repeat, { path: ['repeat'], message: 'The two passwords do not match' });

/** /reset-password?token=…: sets a new password from the emailed link; every session of the account ends. */
export default function ResetPasswordPage() {
  usePageTitle('Choose a new password');
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
    formState: { errors },
  } = useForm<z.infer<typeof ZResetForm>>({
    resolver: zodResolver(ZResetForm),
    defaultValues: { newPassword: '', repeat: '' },
  });

  if (!token) {
    return (
      <AuthCard title="Choose a new password">
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Description>
            This page needs the link from the reset email.{' '}
            <RouterLink to="/forgot-password">Ask for a new link</RouterLink>.
          </Alert.Description>
        </Alert.Root>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Choose a new password" subtitle="You will be signed out on every device.">
      {reset.isSuccess ? (
        <Alert.Root status="success" role="status">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Your password was changed</Alert.Title>
            <Alert.Description>
              Every device was signed out.{' '}
              <Link asChild color="teal.700" fontWeight="semibold">
                <RouterLink to="/login">Sign in with the new password</RouterLink>
              </Link>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : (
        <chakra.form
          display="flex"
          flexDirection="column"
          gap="4"
          noValidate
          aria-label="Choose a new password"
          onSubmit={handleSubmit((v) => reset.mutate({ token, newPassword: v.newPassword }))}
        >
          {reset.isError ? (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title color="red.700">{errorMessage(reset.error, 'Could not set the password')}</Alert.Title>
                <Alert.Description>
                  <Link asChild color="teal.700">
                    <RouterLink to="/forgot-password">Ask for a new link</RouterLink>
                  </Link>
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          ) : null}
          <NewPasswordFields newPassword={register('newPassword')} repeat={register('repeat')} errors={errors} />
          <Button type="submit" colorPalette="teal" size="lg" loading={reset.isPending} loadingText="Saving...">
            Set new password
          </Button>
          <Text fontSize="xs" color="fg.muted">
            The link works once, for 30 minutes after it was sent.
          </Text>
        </chakra.form>
      )}
    </AuthCard>
  );
}
