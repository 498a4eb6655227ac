import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Badge, Button, HStack, Input, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
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
      {verified ? <Trans>Verified</Trans> : <Trans>Not verified</Trans>}
    </Badge>
  );
}

/** Asks for a new verification link (a few an hour). */
export function ResendVerificationButton() {
  const { t } = useLingui();
  const resend = trpc.user.resendVerification.useMutation({
    onSuccess: () =>
      toaster.create({
        type: 'success',
        title: t`Link sent`,
        description: t`Open the link in the email within 48 hours.`,
      }),
    onError: (err) =>
      toaster.create({
        type: 'error',
        title: t`No link sent`,
        description: errorMessage(err, t`Please try again.`),
      }),
  });
  return (
    <Button
      size="sm"
      variant="outline"
      loading={resend.isPending}
      loadingText={t`Sending...`}
      onClick={() => resend.mutate()}
    >
      <Trans>Resend the link</Trans>
    </Button>
  );
}

/** Settings › Email: the address and whether it is verified; changing it sends a link to the new address. */
export function EmailSection() {
  const { t } = useLingui();
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
      const pendingEmail = r.pendingEmail;
      toaster.create(
        mailOff
          ? {
              type: 'warning',
              title: t`No email will arrive`,
              description: t`Mail is not being sent on this installation: the confirmation link for ${pendingEmail} waits unsent (nobody else can read it) and goes out if mail is set up within 24 hours. Your address changes only when you open it.`,
            }
          : {
              type: 'info',
              title: t`Confirm the new address`,
              description: t`We sent a link to ${pendingEmail}. Your address changes when you open it (within 24 hours).`,
            },
      );
    },
    onError: (err) =>
      toaster.create({
        type: 'error',
        title: t`Email not changed`,
        description: errorMessage(err, t`Please try again.`),
      }),
  });
  if (!user) return null;
  const current = user.email;
  const pendingEmail = change.data?.pendingEmail;

  return (
    <SettingsForm
      titleId="email-section-title"
      title={t`Email address`}
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
                {policy.data?.mailDelivered === false ? (
                  <Trans>
                    This installation does not send email, so the verification link cannot reach you; an administrator
                    can mark your address verified.
                  </Trans>
                ) : (
                  <Trans>Open the link we emailed you to verify this address.</Trans>
                )}
              </Alert.Description>
              <ResendVerificationButton />
            </Alert.Root>
          )}
          {change.isSuccess ? (
            <Alert.Root status="info" role="status">
              <Alert.Indicator />
              <Alert.Description>
                {mailOff ? (
                  <Trans>
                    Mail is not being sent on this installation: the confirmation link for {pendingEmail} waits unsent
                    (nobody else can read it); until you open it, you keep signing in with {current}.
                  </Trans>
                ) : (
                  <Trans>
                    A confirmation link went to {pendingEmail}; until you open it, you keep signing in with {current}.
                  </Trans>
                )}
              </Alert.Description>
            </Alert.Root>
          ) : null}
        </>
      }
      busy={change.isPending}
      submitLabel={t`Change email`}
      busyLabel={t`Sending link...`}
      variant="outline"
      onSubmit={handleSubmit((input) => change.mutate(input))}
    >
      <Field label={t`New email address`} required invalid={!!errors.newEmail} errorText={errors.newEmail?.message}>
        <Input type="email" autoComplete="email" {...register('newEmail')} />
      </Field>
      <PasswordField
        label={t`Current password`}
        autoComplete="current-password"
        registration={register('currentPassword')}
        error={errors.currentPassword}
      />
    </SettingsForm>
  );
}
