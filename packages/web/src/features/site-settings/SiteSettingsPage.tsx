import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Alert, Button, Card, Input, Stack, Text, Textarea, chakra } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TSiteSettings } from '@vestora/contract';
import { Field } from '../../components/ui/field';
import { ErrorState, PageLoader } from '../../components/ui/states';
import { toaster } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { usePageTitle } from '../../lib/page-title';
import { trpc } from '../../lib/trpc';
import { PageIntro } from '../dashboard/PageIntro';

type Values = Record<
  'companyName' | 'registration' | 'address' | 'supportEmail' | 'licence' | 'launchDate' | 'mapUrl',
  string
>;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function toValues(s: TSiteSettings): Values {
  return {
    companyName: s.companyName ?? '',
    registration: s.registration ?? '',
    address: s.address ?? '',
    supportEmail: s.supportEmail ?? '',
    licence: s.licence ?? '',
    launchDate: s.launchDate ?? '',
    mapUrl: s.mapUrl ?? '',
  };
}

function SettingsFormCard({ settings }: { settings: TSiteSettings }) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const save = trpc.site.updateSettings.useMutation();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm<Values>({ defaultValues: toValues(settings) });
  useEffect(() => reset(toValues(settings)), [settings, reset]);

  const reason = save.error ? errorMessage(save.error) : '';
  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      utils.site.settings.setData(undefined, saved);
      toaster.create({
        type: 'success',
        title: t`Site settings saved`,
        description: t`The public pages show them now.`,
      });
    } catch {
      // Shown below from save.error.
    }
  });

  return (
    <Card.Root>
      <Card.Body>
        <chakra.form
          display="flex"
          flexDirection="column"
          gap="4"
          noValidate
          onSubmit={onSubmit}
          aria-label={t`Site settings`}
        >
          <fieldset disabled={save.isPending} style={{ display: 'contents' }}>
            <Field label={t`Company name`} helperText={t`The legal name of the company that runs this site.`}>
              <Input {...register('companyName', { maxLength: { value: 200, message: t`At most 200 characters` } })} />
            </Field>
            <Field
              label={t`Registration`}
              helperText={t`Where and under which number the company is registered.`}
              invalid={!!errors.registration}
              errorText={errors.registration?.message}
            >
              <Input {...register('registration', { maxLength: { value: 300, message: t`At most 300 characters` } })} />
            </Field>
            <Field
              label={t`Address`}
              helperText={t`The postal address, one line per line.`}
              invalid={!!errors.address}
              errorText={errors.address?.message}
            >
              <Textarea
                rows={4}
                {...register('address', { maxLength: { value: 500, message: t`At most 500 characters` } })}
              />
            </Field>
            <Field
              label={t`Support email`}
              helperText={t`Shown on the Contact page. Leave it empty if nobody reads a support mailbox.`}
              invalid={!!errors.supportEmail}
              errorText={errors.supportEmail?.message}
            >
              <Input
                type="email"
                {...register('supportEmail', {
                  validate: (v) =>
                    !v.trim() || EMAIL_PATTERN.test(v.trim()) || t`Support email must be a valid email address`,
                })}
              />
            </Field>
            <Field
              label={t`Licence`}
              helperText={t`The licence the company holds, if any. Leave it empty if there is none.`}
              invalid={!!errors.licence}
              errorText={errors.licence?.message}
            >
              <Input {...register('licence', { maxLength: { value: 300, message: t`At most 300 characters` } })} />
            </Field>
            <Field
              label={t`Launch date`}
              helperText={t`Accounts opened on or before this day earn the Early Adopter badge. Until it is set, nobody does.`}
            >
              <Input type="date" {...register('launchDate')} />
            </Field>
            <Field
              label={t`Map link`}
              helperText={t`A link to your address on a map service (https://...). The Contact page shows it as a link; it does not embed a map.`}
              invalid={!!errors.mapUrl}
              errorText={errors.mapUrl?.message}
            >
              <Input
                type="url"
                inputMode="url"
                placeholder="https://www.openstreetmap.org/..."
                {...register('mapUrl', {
                  validate: (v) =>
                    !v.trim() ||
                    /^https:\/\/[^\s/]+\.[^\s]+$/i.test(v.trim()) ||
                    t`Map link must be a web address starting with https://`,
                })}
              />
            </Field>
          </fieldset>
          {save.isError ? (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Title>
                <Trans>The settings were not saved: {reason}</Trans>
              </Alert.Title>
            </Alert.Root>
          ) : null}
          <Button
            type="submit"
            colorPalette="teal"
            alignSelf={{ base: 'stretch', sm: 'flex-start' }}
            loading={save.isPending}
            loadingText={t`Saving...`}
            disabled={!isDirty}
          >
            <Trans>Save site settings</Trans>
          </Button>
        </chakra.form>
      </Card.Body>
    </Card.Root>
  );
}

/** Admin: the operator's facts the public pages state (About, Contact, the Early Adopter badge). */
export default function SiteSettingsPage() {
  const { t } = useLingui();
  usePageTitle(t`Site settings`);
  const settings = trpc.site.settings.useQuery();
  const savedAt = formatDateTime(settings.data?.updatedAt);
  return (
    <Stack gap="6" maxW="3xl">
      <PageIntro title={t`Site settings`}>
        <Trans>
          The facts about the company the public pages state. A fact left empty is not shown anywhere: the pages say
          nothing rather than something invented. Every change is recorded in the audit log.
        </Trans>
      </PageIntro>
      {settings.data?.updatedAt ? (
        <Text fontSize="sm" color="fg.muted">
          <Trans>Last saved {savedAt}.</Trans>
        </Text>
      ) : null}
      {settings.isError ? (
        <ErrorState
          description={errorMessage(settings.error)}
          onRetry={() => void settings.refetch()}
          retrying={settings.isFetching}
        />
      ) : !settings.data ? (
        <PageLoader label={t`Loading the site settings...`} />
      ) : (
        <SettingsFormCard settings={settings.data} />
      )}
    </Stack>
  );
}
