import { useId, useState, type ReactNode } from 'react';
import { Box, IconButton, Input, InputGroup } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { LuEye, LuEyeOff } from 'react-icons/lu';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { Field } from './field';

export interface PasswordFieldProps {
  /** The visible label ("Password", "Current password", "New password"...). */
  label: string;
  /** `register('password')` from react-hook-form (its ref lets the form focus the field). */
  registration: UseFormRegisterReturn;
  /** What the browser's password manager should offer: the saved password or a new one. */
  autoComplete: 'current-password' | 'new-password';
  error?: FieldError;
  /** Shown under the field while it has no error ("At least 8 characters."). */
  helperText?: ReactNode;
  disabled?: boolean;
}

/**
 * A required password input with its label, error text and a show/hide button: one component for sign-up,
 * sign-in, the reset page and Settings. The button is named by its content, not `aria-label`, so the field
 * stays the only control labelled "Password"; it is a toggle (`aria-pressed`) that keeps its name.
 */
export function PasswordField({ label, registration, autoComplete, error, helperText, disabled }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  // Ark's Field.Root gives its `id` to the control (the input), which the button names in aria-controls.
  const inputId = useId();
  return (
    <Field
      label={label}
      required
      invalid={!!error}
      errorText={error?.message}
      helperText={error ? undefined : helperText}
      disabled={disabled}
      id={inputId}
    >
      <InputGroup
        endElement={
          <IconButton
            variant="ghost"
            size="sm"
            me="-2"
            color="fg.muted"
            aria-pressed={visible}
            aria-controls={inputId}
            disabled={disabled}
            onClick={() => setVisible((v) => !v)}
          >
            {visible ? <LuEyeOff aria-hidden /> : <LuEye aria-hidden />}
            <Box as="span" srOnly>
              <Trans>Show password</Trans>
            </Box>
          </IconButton>
        }
      >
        <Input type={visible ? 'text' : 'password'} autoComplete={autoComplete} {...registration} />
      </InputGroup>
    </Field>
  );
}

/**
 * A new password and its repeat, as the reset page and Settings ask for them (the form's schema checks that
 * they match and reports a mismatch on `repeat`).
 */
export function NewPasswordFields({
  newPassword,
  repeat,
  errors,
  disabled,
}: {
  newPassword: UseFormRegisterReturn;
  repeat: UseFormRegisterReturn;
  errors: { newPassword?: FieldError; repeat?: FieldError };
  disabled?: boolean;
}) {
  const { t } = useLingui();
  return (
    <>
      <PasswordField
        label={t`New password`}
        autoComplete="new-password"
        registration={newPassword}
        error={errors.newPassword}
        helperText={t`At least 8 characters.`}
        disabled={disabled}
      />
      <PasswordField
        label={t`Repeat the new password`}
        autoComplete="new-password"
        registration={repeat}
        error={errors.repeat}
        disabled={disabled}
      />
    </>
  );
}
