import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Text } from '@chakra-ui/react';
import { z } from 'zod';
import { ZChangePasswordInput } from '@vestora/contract';
import { NewPasswordFields, PasswordField } from '../../components/ui/password-field';
import { toaster } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { SettingsForm } from './SettingsForm';

const ZPasswordForm = ZChangePasswordInput.extend({ repeat: z.string() }).refine((v) => v.newPassword === v.repeat, {
  path: ['repeat'],
  message: 'The two passwords do not match',
});
type PasswordForm = z.infer<typeof ZPasswordForm>;

/** Settings › Password: the current password is required; every other device is signed out. */
export function PasswordSection() {
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
        title: 'Password changed',
        description:
          r.otherSessionsEnded > 0
            ? `${r.otherSessionsEnded} other device${r.otherSessionsEnded === 1 ? ' was' : 's were'} signed out. We emailed you a notice.`
            : 'You stay signed in here. We emailed you a notice.',
      });
    },
    onError: (err) =>
      toaster.create({
        type: 'error',
        title: 'Password not changed',
        description: errorMessage(err, 'Please try again.'),
      }),
  });

  return (
    <SettingsForm
      titleId="password-section-title"
      title="Password"
      intro={
        <Text fontSize="sm" color="fg.muted">
          Changing it signs you out on every other device.
        </Text>
      }
      busy={change.isPending}
      submitLabel="Change password"
      busyLabel="Changing..."
      onSubmit={handleSubmit(({ currentPassword, newPassword }) => change.mutate({ currentPassword, newPassword }))}
    >
      <PasswordField
        label="Current password"
        autoComplete="current-password"
        registration={register('currentPassword')}
        error={errors.currentPassword}
      />
      <NewPasswordFields newPassword={register('newPassword')} repeat={register('repeat')} errors={errors} />
    </SettingsForm>
  );
}
