import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Text } from '@chakra-ui/react';
import { z } from 'zod';
import { t as tNow } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { ZChangePasswordInput } from '@vestora/contract';
import { NewPasswordFields, PasswordField } from '../../components/ui/password-field';
import { toaster } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { SettingsForm } from './SettingsForm';

const ZPasswordForm = ZChangePasswordInput.extend({ repeat: z.string() }).refine((v) => v.newPassword === v.repeat, {
  path: ['repeat'],
  // A function, so the message is in the language shown when the form is checked (not when this file loads).
  error: () => tNow`The two passwords do not match`,
});
type PasswordForm = z.infer<typeof ZPasswordForm>;

/** Settings › Password: the current password is required; every other device is signed out. */
export function PasswordSection() {
  const { t } = useLingui();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<PasswordForm>({
    resolver: zodResolver(ZPasswordForm),
    defaultValues: { currentPassword: '', newPassword: '', repeat: '' },
  });
  const change = trpc.user.changePassword.useMutation({
    onSuccess: (r) => {
      reset();
      toaster.create({
        type: 'success',
        title: t`Password changed`,
        description:
          r.otherSessionsEnded > 0
            ? t({
                message: plural(r.otherSessionsEnded, {
                  one: '# other device was signed out. We emailed you a notice.',
                  other: '# other devices were signed out. We emailed you a notice.',
                }),
              })
            : t`You stay signed in here. We emailed you a notice.`,
      });
    },
    onError: (err) =>
      toaster.create({
        type: 'error',
        title: t`Password not changed`,
        description: errorMessage(err, t`Please try again.`),
      }),
  });

  return (
    <SettingsForm
      titleId="password-section-title"
      title={t`Password`}
      intro={
        <Text fontSize="sm" color="fg.muted">
          <Trans>Changing it signs you out on every other device.</Trans>
        </Text>
      }
      busy={change.isPending}
      submitLabel={t`Change password`}
      busyLabel={t`Changing...`}
      onSubmit={handleSubmit(({ currentPassword, newPassword }) => change.mutate({ currentPassword, newPassword }))}
    >
      <PasswordField
        label={t`Current password`}
        autoComplete="current-password"
        registration={register('currentPassword')}
        error={errors.currentPassword}
      />
      <NewPasswordFields newPassword={register('newPassword')} repeat={register('repeat')} errors={errors} />
    </SettingsForm>
  );
}
