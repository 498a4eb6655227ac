import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Field, Input, SimpleGrid, chakra } from '@chakra-ui/react';
import { ZPlanFields } from '@vestora/contract';
import { PLAN_FORM_FIELDS, type PlanFormValues } from './plan-display';

/** The eight plan fields with the same rules the server applies (required, trimmed, length). */
const ZPlanForm = ZPlanFields.pick({
  investmentPlanName: true,
  interestRate: true,
  investmentLimit: true,
  returns: true,
  investmentDuration: true,
  capitalGrowth: true,
  riskLevel: true,
  totalReturn: true,
});

interface PlanFormProps {
  values: PlanFormValues;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  /** Bumped by the parent to reset the inputs to `values` (after create, or when a reload arrives). */
  resetKey?: number;
  onSubmit: (values: PlanFormValues) => void;
}

/** Shared create/edit plan form: every field required, all inputs and the button disabled while busy. */
export function PlanForm({ values, busy, submitLabel, busyLabel, resetKey = 0, onSubmit }: PlanFormProps) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<PlanFormValues>({ resolver: zodResolver(ZPlanForm), defaultValues: values });

  useEffect(() => {
    reset(values);
    // Only an explicit reset request re-seeds the form, never a re-render with equal values.
  }, [resetKey, reset]);

  return (
    <chakra.form display="flex" flexDirection="column" gap="6" onSubmit={handleSubmit(onSubmit)}>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {PLAN_FORM_FIELDS.map((f) => (
          <Field.Root key={f.name} required disabled={busy} invalid={!!errors[f.name]}>
            <Field.Label>
              {f.label} <Field.RequiredIndicator />
            </Field.Label>
            <Input {...register(f.name)} placeholder={f.placeholder} autoComplete="off" />
            <Field.ErrorText>{errors[f.name]?.message}</Field.ErrorText>
          </Field.Root>
        ))}
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
  );
}
