import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Button, Input, Link, Text, chakra } from '@chakra-ui/react';
import type { z } from 'zod';
import { ZRequestPasswordResetInput } from '@vestora/contract';
import { Field } from '../../components/ui/field';
import { errorMessage } from '../../lib/errors';
import { usePageTitle } from '../../lib/page-title';
import { trpc } from '../../lib/trpc';
import { AuthCard } from './AuthCard';

/** /forgot-password: asks for a reset link. The answer never says whether the address has an account. */
export default function ForgotPasswordPage() {
  usePageTitle('Forgot password');
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

  return (
    <AuthCard title="Forgot your password?" subtitle="We will email you a link to choose a new one.">
      <chakra.form
        display="flex"
        flexDirection="column"
        gap="4"
        noValidate
        aria-label="Request a password reset link"
        onSubmit={handleSubmit((input) => request.mutate(input))}
      >
        {request.isSuccess ? (
          <Alert.Root status={policy.data?.mailDelivered === false ? 'warning' : 'success'} role="status">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>
                {policy.data?.mailDelivered === false ? 'No email will arrive' : 'Check your inbox'}
              </Alert.Title>
              <Alert.Description>
                {policy.data?.mailDelivered === false
                  ? `Mail is not being sent on this installation, so no reset link can reach ${getValues('email')}. Ask the people who run this site: someone with access to its server can make you a reset link (administrators cannot read it).`
                  : `If an account uses ${getValues('email')}, a reset link is on its way. It works once, for 30 minutes.`}
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : request.isError ? (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title color="red.700">{errorMessage(request.error, 'Could not send the link')}</Alert.Title>
          </Alert.Root>
        ) : null}
        <Field label="Email" required invalid={!!errors.email} errorText={errors.email?.message}>
          <Input type="email" autoComplete="email" {...register('email')} />
        </Field>
        <Button type="submit" colorPalette="teal" size="lg" loading={request.isPending} loadingText="Sending...">
          Send reset link
        </Button>
        <Text fontSize="sm" color="gray.600" textAlign="center">
          Remembered it?{' '}
          <Link asChild color="teal.700" fontWeight="semibold">
            <RouterLink to="/login">Sign in</RouterLink>
          </Link>
        </Text>
      </chakra.form>
    </AuthCard>
  );
}
