import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Badge, Button, HStack, Input, Text } from '@chakra-ui/react';
import type { z } from 'zod';
import { ZChangeEmailInput } from '@vestora/contract';
import { Field } from '../../components/ui/field';
import { PasswordField } from '../../components/ui/password-field';
import { toaster } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { SettingsForm } from './SettingsForm';

/** "Verified" or "Not verified" beside an address. */
export function EmailVerifiedBadge({ verified }: { verified: boolean }) {
  return (
    <Badge colorPalette={verified ? 'green' : 'orange'} variant="subtle">
      {verified ? 'Verified' : 'Not verified'}
    </Badge>
  );
}

/** Asks for a new verification link (a few an hour). */
export function ResendVerificationButton() {
  const resend = trpc.user.resendVerification.useMutation({
    onSuccess: () =>
      toaster.create({
        type: 'success',
        title: 'Link sent',
        description: 'Open the link in the email within 48 hours.',
      }),
    onError: (err) =>
      toaster.create({ type: 'error', title: 'No link sent', description: errorMessage(err, 'Please try again.') }),
  });
  return (
    <Button
      size="sm"
      variant="outline"
      loading={resend.isPending}
      loadingText="Sending..."
      onClick={() => resend.mutate()}
    >
      Resend the link
    </Button>
  );
}

/** Settings › Email: the address and whether it is verified; changing it sends a link to the new address. */
export function EmailSection() {
  const { user } = useSession();
  const policy = trpc.user.emailPolicy.useQuery(undefined, { staleTime: Infinity });
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<z.input<typeof ZChangeEmailInput>, unknown, z.output<typeof ZChangeEmailInput>>({
    resolver: zodResolver(ZChangeEmailInput),
    defaultValues: { currentPassword: '', newEmail: '' },
  });
  const mailOff = policy.data?.mailDelivered === false;
  const change = trpc.user.changeEmail.useMutation({
    onSuccess: (r) => {
      reset();
      toaster.create(
        mailOff
          ? {
              type: 'warning',
              title: 'No email will arrive',
              description: `Mail is not being sent on this installation: the confirmation link for ${r.pendingEmail} waits unsent (nobody else can read it) and goes out if mail is set up within 24 hours. Your address changes only when you open it.`,
            }
          : {
              type: 'info',
              title: 'Confirm the new address',
              description: `We sent a link to ${r.pendingEmail}. Your address changes when you open it (within 24 hours).`,
            },
      );
    },
    onError: (err) =>
      toaster.create({
        type: 'error',
        title: 'Email not changed',
        description: errorMessage(err, 'Please try again.'),
      }),
  });
  if (!user) return null;

  return (
    <SettingsForm
      titleId="email-section-title"
      title="Email address"
      intro={
        <HStack gap="2" flexWrap="wrap">
          <Text fontWeight="medium">{user.email}</Text>
          <EmailVerifiedBadge verified={user.emailVerified} />
        </HStack>
      }
      notices={
        <>
          {user.emailVerified ? null : (
            <Alert.Root status="warning" variant="subtle" alignItems="center">
              <Alert.Indicator />
              <Alert.Description flex="1">
                {policy.data?.mailDelivered === false
                  ? 'This installation does not send email, so the verification link cannot reach you; an administrator can mark your address verified.'
                  : 'Open the link we emailed you to verify this address.'}
              </Alert.Description>
              <ResendVerificationButton />
            </Alert.Root>
          )}
          {change.isSuccess ? (
            <Alert.Root status="info" role="status">
              <Alert.Indicator />
              <Alert.Description>
                {mailOff
                  ? `Mail is not being sent on this installation: the confirmation link for ${change.data.pendingEmail} waits unsent (nobody else can read it); until you open it, you keep signing in with `
                  : `A confirmation link went to ${change.data.pendingEmail}; until you open it, you keep signing in with `}
                {user.email}.
              </Alert.Description>
            </Alert.Root>
          ) : null}
        </>
      }
      busy={change.isPending}
      submitLabel="Change email"
      busyLabel="Sending link..."
      variant="outline"
      onSubmit={handleSubmit((input) => change.mutate(input))}
    >
      <Field label="New email address" required invalid={!!errors.newEmail} errorText={errors.newEmail?.message}>
        <Input type="email" autoComplete="email" {...register('newEmail')} />
      </Field>
      <PasswordField
        label="Current password"
        autoComplete="current-password"
        registration={register('currentPassword')}
        error={errors.currentPassword}
      />
    </SettingsForm>
  );
}
