import { useEffect } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import {
  Badge,
  Box,
  Button,
  Field,
  Group,
  Heading,
  Input,
  InputAddon,
  NativeSelect,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  chakra,
} from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TPlanCreateInput } from '@vestora/contract';
import { OptionSelect } from '../../components/ui/option-select';
import { PlanCard } from './PlanCards';
import { type PlanFormField, type PlanFormValues, payoutOptions, previewTerms, readPlanForm } from './plan-form';
import { riskOptions } from './risk-level';

/** Checks the form with the server's own schema (ZPlanCreateInput) after reading the typed text into terms. */
const resolver: Resolver<PlanFormValues> = async (values) => {
  const r = readPlanForm(values);
  if (r.ok) return { values, errors: {} };
  const errors = Object.fromEntries(
    Object.entries(r.errors).map(([field, message]) => [field, { type: 'validate', message }]),
  );
  return { values: {}, errors };
};

interface PlanFormProps {
  values: PlanFormValues;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  /** Bumped by the parent to reset the inputs to `values` (after create, or when a reload arrives). */
  resetKey?: number;
  /** The old free-text risk of a plan that waits for a level to be chosen (#34), shown as "needs a choice". */
  unmappedRisk?: string | null;
  onSubmit: (input: TPlanCreateInput) => void;
}

/** Shared create/edit plan form: structured terms with a live preview of the card; disabled while busy. */
export function PlanForm({
  values,
  busy,
  submitLabel,
  busyLabel,
  resetKey = 0,
  unmappedRisk = null,
  onSubmit,
}: PlanFormProps) {
  const { t } = useLingui();
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors },
  } = useForm<PlanFormValues>({ resolver, defaultValues: values });
  const watched = useWatch({ control }) as PlanFormValues;

  useEffect(() => {
    reset(values);
    // Only an explicit reset request re-seeds the form, never a re-render with equal values.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only an explicit reset request re-seeds the form
  }, [resetKey, reset]);

  const submit = (v: PlanFormValues) => {
    const r = readPlanForm(v);
    if (r.ok) onSubmit(r.input);
  };

  const text = (
    name: PlanFormField,
    label: string,
    opts: { placeholder?: string; required?: boolean; unit?: string; start?: string } = {},
  ) => (
    <Field.Root required={opts.required ?? true} disabled={busy} invalid={!!errors[name]}>
      <Field.Label>
        {label} <Field.RequiredIndicator />
      </Field.Label>
      <Group attached w="full">
        {opts.start ? <InputAddon>{opts.start}</InputAddon> : null}
        <Input
          {...register(name)}
          placeholder={opts.placeholder}
          autoComplete="off"
          inputMode={opts.unit || opts.start ? 'decimal' : undefined}
        />
        {opts.unit ? <InputAddon>{opts.unit}</InputAddon> : null}
      </Group>
      <Field.ErrorText>{errors[name]?.message}</Field.ErrorText>
    </Field.Root>
  );

  return (
    <SimpleGrid columns={{ base: 1, lg: 3 }} gap="8" alignItems="start">
      <chakra.form
        display="flex"
        flexDirection="column"
        gap="6"
        gridColumn={{ lg: 'span 2' }}
        onSubmit={handleSubmit(submit)}
        noValidate
      >
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {text('investmentPlanName', t`Plan name`, { placeholder: t`e.g. Gold` })}
          {text('rate', t`Interest rate`, { placeholder: t`e.g. 6.5`, unit: t`% a year` })}
          {text('minAmount', t`Minimum amount`, { placeholder: t`e.g. 1,000`, start: '$' })}
          {text('maxAmount', t`Maximum amount`, { placeholder: t`e.g. 4,999`, start: '$' })}
          <Field.Root required disabled={busy} invalid={!!errors.term}>
            <Field.Label>
              <Trans>Term</Trans> <Field.RequiredIndicator />
            </Field.Label>
            <Group attached w="full">
              <Input {...register('term')} placeholder={t`e.g. 2`} autoComplete="off" inputMode="decimal" />
              <NativeSelect.Root width="32" disabled={busy}>
                <NativeSelect.Field aria-label={t`Term unit`} {...register('termUnit')}>
                  <option value="years">{t`years`}</option>
                  <option value="months">{t`months`}</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Group>
            <Field.ErrorText>{errors.term?.message}</Field.ErrorText>
          </Field.Root>
          <Field.Root required disabled={busy} invalid={!!errors.payoutFrequency}>
            <Field.Label>
              <Trans>Payouts</Trans> <Field.RequiredIndicator />
            </Field.Label>
            <OptionSelect rootProps={{ disabled: busy }} options={payoutOptions()} {...register('payoutFrequency')} />
            <Field.ErrorText>{errors.payoutFrequency?.message}</Field.ErrorText>
          </Field.Root>
          <Field.Root required disabled={busy} invalid={!!errors.riskLevel}>
            <Field.Label>
              <Trans>Risk level</Trans> <Field.RequiredIndicator />
            </Field.Label>
            <OptionSelect
              rootProps={{ disabled: busy }}
              options={[{ value: '', label: t`Choose a level` }, ...riskOptions()]}
              {...register('riskLevel')}
            />
            {unmappedRisk && !watched.riskLevel ? (
              <Field.HelperText>
                <Badge colorPalette="orange" me="1">
                  <Trans>Needs a choice</Trans>
                </Badge>
                <Trans>
                  This plan's risk was written as <bdi>“{unmappedRisk}”</bdi>, which is not one level of the scale.
                  Choose the level members should see.
                </Trans>
              </Field.HelperText>
            ) : null}
            <Field.ErrorText>{errors.riskLevel?.message}</Field.ErrorText>
          </Field.Root>
          {text('capacity', t`Total capacity (optional)`, { placeholder: t`No limit`, start: '$', required: false })}
          <Field.Root disabled={busy} invalid={!!errors.earlyExitAllowed} gridColumn={{ md: 'span 2' }}>
            <Controller
              control={control}
              name="earlyExitAllowed"
              render={({ field }) => (
                <Switch.Root
                  name={field.name}
                  checked={field.value}
                  disabled={busy}
                  onCheckedChange={(e) => field.onChange(e.checked)}
                  colorPalette="teal"
                >
                  <Switch.HiddenInput onBlur={field.onBlur} />
                  <Switch.Control>
                    <Switch.Thumb />
                  </Switch.Control>
                  <Switch.Label>
                    <Trans>Early exit allowed</Trans>
                  </Switch.Label>
                </Switch.Root>
              )}
            />
            <Field.HelperText>
              <Trans>Investors may end an investment in this plan before its term.</Trans>
            </Field.HelperText>
          </Field.Root>
          <Field.Root disabled={busy} invalid={!!errors.investmentPlanDescription} gridColumn={{ md: 'span 2' }}>
            <Field.Label>
              <Trans>Description</Trans>
            </Field.Label>
            <Textarea {...register('investmentPlanDescription')} rows={3} autoComplete="off" />
            <Field.ErrorText>{errors.investmentPlanDescription?.message}</Field.ErrorText>
          </Field.Root>
        </SimpleGrid>
        <Button
          type="submit"
          colorPalette="teal"
          alignSelf={{ base: 'stretch', sm: 'flex-start' }}
          disabled={busy}
          loading={busy}
          loadingText={busyLabel}
        >
          {submitLabel}
        </Button>
      </chakra.form>
      <Stack gap="3" as="aside" aria-label={t`Preview`}>
        <Heading as="h2" size="sm" color="fg.muted">
          <Trans>Preview</Trans>
        </Heading>
        <Box>
          <PlanCard
            plan={{ investmentPlanName: watched.investmentPlanName?.trim() ?? '', ...previewTerms(watched) }}
            preview
          />
        </Box>
      </Stack>
    </SimpleGrid>
  );
}
