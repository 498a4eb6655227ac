import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Heading, Stack, Text, chakra } from '@chakra-ui/react';
import { z } from 'zod';
import { ZChangePasswordInput } from '@vestora/contract';
import { PasswordField } from '../../components/ui/password-field';
import { toaster } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';

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
    <Card.Root>
      <Card.Body>
        <chakra.form
          display="flex"
          flexDirection="column"
          gap="4"
          noValidate
          aria-labelledby="password-section-title"
          onSubmit={handleSubmit(({ currentPassword, newPassword }) => change.mutate({ currentPassword, newPassword }))}
        >
          <Stack gap="1">
            <Heading as="h2" size="lg" id="password-section-title">
              Password
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              Changing it signs you out on every other device.
            </Text>
          </Stack>
          <fieldset disabled={change.isPending} style={{ display: 'contents' }}>
            <PasswordField
              label="Current password"
              autoComplete="current-password"
              registration={register('currentPassword')}
              error={errors.currentPassword}
            />
            <PasswordField
              label="New password"
              autoComplete="new-password"
              registration={register('newPassword')}
              error={errors.newPassword}
              helperText="At least 8 characters."
            />
            <PasswordField
              label="Repeat the new password"
              autoComplete="new-password"
              registration={register('repeat')}
              error={errors.repeat}
            />
          </fieldset>
          <Button
            type="submit"
            colorPalette="teal"
            alignSelf={{ base: 'stretch', sm: 'flex-start' }}
            loading={change.isPending}
            loadingText="Changing..."
          >
            Change password
          </Button>
        </chakra.form>
      </Card.Body>
    </Card.Root>
  );
}
