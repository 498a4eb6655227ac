import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Input, SimpleGrid, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { z } from 'zod';
import { ZProfileUpdateInput } from '@vestora/contract';
import { Field } from '../../components/ui/field';
import { toaster } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { SettingsForm } from './SettingsForm';

type Input = z.input<typeof ZProfileUpdateInput>;
type Output = z.output<typeof ZProfileUpdateInput>;

/** Settings › Your details: name, country and city, editable (`profile.update`). */
export function ProfileSection() {
  const { t } = useLingui();
  const { user } = useSession();
  const utils = trpc.useUtils();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Input, unknown, Output>({
    resolver: zodResolver(ZProfileUpdateInput),
    values: user
      ? { firstName: user.firstName, lastName: user.lastName, country: user.country, city: user.city }
      : undefined,
  });
  const save = trpc.profile.update.useMutation({
    onSuccess: async () => {
      await utils.user.session.invalidate();
      toaster.create({ type: 'success', title: t`Your details are saved` });
    },
    onError: (err) =>
      toaster.create({
        type: 'error',
        title: t`Details not saved`,
        description: errorMessage(err, t`Please try again.`),
      }),
  });
  if (!user) return null;
  return (
    <SettingsForm
      titleId="profile-section-title"
      title={t`Your details`}
      intro={<Text color="fg.muted">{t`Your name and where you live, as they appear on your account.`}</Text>}
      busy={save.isPending}
      submitLabel={t`Save details`}
      busyLabel={t`Saving...`}
      onSubmit={handleSubmit((input) => save.mutate(input))}
    >
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <Field label={t`First name`} required invalid={!!errors.firstName} errorText={errors.firstName?.message}>
          <Input autoComplete="given-name" {...register('firstName')} />
        </Field>
        <Field label={t`Last name`} required invalid={!!errors.lastName} errorText={errors.lastName?.message}>
          <Input autoComplete="family-name" {...register('lastName')} />
        </Field>
        <Field label={t`Country`} required invalid={!!errors.country} errorText={errors.country?.message}>
          <Input autoComplete="country-name" {...register('country')} />
        </Field>
        <Field label={t`City`} required invalid={!!errors.city} errorText={errors.city?.message}>
          <Input autoComplete="address-level2" {...register('city')} />
        </Field>
      </SimpleGrid>
    </SettingsForm>
  );
}
