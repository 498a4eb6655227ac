import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Button, Input, Link, Text, chakra } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { z } from 'zod';
import { ZRequestPasswordResetInput } from '@vestora/contract';
import { Field } from '../../components/ui/field';
import { useLocalePath } from '../../i18n/hooks';
import { errorMessage } from '../../lib/errors';
import { usePageTitle } from '../../lib/page-title';
import { trpc } from '../../lib/trpc';
import { AuthCard } from './AuthCard';

/** /forgot-password: asks for a reset link. The answer never says whether the address has an account. */
export default function ForgotPasswordPage() {
  const { t } = useLingui();
  const localePath = useLocalePath();
  usePageTitle(t`Forgot password`);
  const request = trpc.user.requestPasswordReset.useMutation();
  const policy = trpc.user.emailPolicy.useQuery(undefined, { staleTime: Infinity });
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<z.input<typeof ZRequestPasswordResetInput>, unknown, z.output<typeof ZRequestPasswordResetInput>>({
    resolver: zodResolver(ZRequestPasswordResetInput),
    defaultValues: { email: '' },
  });
  const email = getValues('email');

  return (
    <AuthCard
      title={t`Forgot your password?`}
      subtitle={
        policy.data?.mailDelivered === false
          ? t`This installation sends no mail, so no reset link can reach you by email.`
          : t`We will email you a link to choose a new one.`
      }
    >
      <chakra.form
        display="flex"
        flexDirection="column"
        gap="4"
        noValidate
        aria-label={t`Request a password reset link`}
        onSubmit={handleSubmit((input) => request.mutate(input))}
      >
        {request.isSuccess ? (
          <Alert.Root status={policy.data?.mailDelivered === false ? 'warning' : 'success'} role="status">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>
                {policy.data?.mailDelivered === false ? (
                  <Trans>No email will arrive</Trans>
                ) : (
                  <Trans>Check your inbox</Trans>
                )}
              </Alert.Title>
              <Alert.Description>
                {policy.data?.mailDelivered === false ? (
                  <Trans>
                    Mail is not being sent on this installation, so no reset link can reach {email}. Ask the people who
                    run this site: someone with access to its server can make you a reset link (administrators cannot
                    read it).
                  </Trans>
                ) : (
                  <Trans>If an account uses {email}, a reset link is on its way. It works once, for 30 minutes.</Trans>
                )}
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : request.isError ? (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title color="fg.error">{errorMessage(request.error, t`Could not send the link`)}</Alert.Title>
          </Alert.Root>
        ) : null}
        <Field label={t`Email`} required invalid={!!errors.email} errorText={errors.email?.message}>
          <Input type="email" autoComplete="email" {...register('email')} />
        </Field>
        <Button type="submit" colorPalette="teal" size="lg" loading={request.isPending} loadingText={t`Sending...`}>
          <Trans>Send reset link</Trans>
        </Button>
        <Text fontSize="sm" color="fg.muted" textAlign="center">
          <Trans>
            Remembered it?{' '}
            <Link asChild color="teal.fg" fontWeight="semibold">
              <RouterLink to={localePath('/login')}>Sign in</RouterLink>
            </Link>
          </Trans>
        </Text>
      </chakra.form>
    </AuthCard>
  );
}
