import { Field, Input, InputGroup } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { formatDecimal } from '../../lib/format';

/** The required "Amount (USD)" field of the money forms, with a "$" prefix. */
export function AmountField({
  registration,
  error,
  disabled,
}: {
  registration: UseFormRegisterReturn;
  error: FieldError | undefined;
  disabled: boolean;
}) {
  return (
    <Field.Root required invalid={!!error} disabled={disabled}>
      <Field.Label>
        <Trans>Amount (USD)</Trans> <Field.RequiredIndicator />
      </Field.Label>
      <InputGroup startElement="$">
        <Input {...registration} inputMode="decimal" placeholder={formatDecimal(0)} autoComplete="off" />
      </InputGroup>
      <Field.ErrorText>{error?.message}</Field.ErrorText>
    </Field.Root>
  );
}
