import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Alert, Field, Input, Textarea, chakra } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { type TText, textOf } from '../../lib/i18n-text';
import { ActionDialog } from '../ui/dialog';

export interface ReviewField {
  label: TText;
  /** Multi-line (a reason) or one line (a payout reference). */
  multiline: boolean;
  required: boolean;
  placeholder?: TText;
  helperText?: TText;
  maxLength: number;
}

interface ReviewDialogProps {
  open: boolean;
  title: string;
  /** What is about to happen, with the amounts and the person concerned. */
  children: ReactNode;
  confirmLabel: string;
  palette: 'teal' | 'red';
  field?: ReviewField;
  /** A second value asked for beside `field` (a crypto payout's satoshis). */
  secondField?: ReviewField;
  /**
   * The shared contract schema's verdict on the typed values: a message (on the second field when `second`), or
   * null when fine.
   */
  validate?: (value: string, second: string) => { message: string; second: boolean } | null;
  busy: boolean;
  /** A server refusal to show inside the dialog (the admin can fix the input and retry). */
  serverError?: string | null;
  onSubmit: (value: string, second: string) => void;
  onClose: () => void;
}

/**
 * Confirmation for a money action (alertdialog). With `field`, asks for a reason or payout reference;
 * a required field must be filled before the action is sent.
 */
export function ReviewDialog({
  open,
  title,
  children,
  confirmLabel,
  palette,
  field,
  secondField,
  validate,
  busy,
  serverError,
  onSubmit,
  onClose,
}: ReviewDialogProps) {
  const { t } = useLingui();
  const label = field ? textOf(field.label) : '';
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [second, setSecond] = useState('');
  const [secondError, setSecondError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const secondRef = useRef<HTMLInputElement>(null);
  const secondLabel = secondField ? textOf(secondField.label) : '';
  const formId = useId();
  // The button that opened the dialog gets focus back on close (the dialog has no Dialog.Trigger).
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  if (open && !wasOpen.current && typeof document !== 'undefined') {
    returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }
  wasOpen.current = open;

  useEffect(() => {
    if (open) {
      setValue('');
      setError(null);
      setSecond('');
      setSecondError(null);
    }
  }, [open]);

  const submit = () => {
    setError(null);
    setSecondError(null);
    if (field?.required && !value.trim()) {
      setError(t`${label} is required.`);
      inputRef.current?.focus();
      return;
    }
    if (secondField?.required && !second.trim()) {
      setSecondError(t`${secondLabel} is required.`);
      secondRef.current?.focus();
      return;
    }
    const verdict = field ? (validate?.(value, second) ?? null) : null;
    if (verdict) {
      if (verdict.second && secondField) {
        setSecondError(verdict.message);
        secondRef.current?.focus();
      } else {
        setError(verdict.message);
        inputRef.current?.focus();
      }
      return;
    }
    onSubmit(value.trim(), second.trim());
  };

  const inputProps = {
    value,
    onChange: (e: { target: { value: string } }) => setValue(e.target.value),
    placeholder: field?.placeholder === undefined ? undefined : textOf(field.placeholder),
    maxLength: field?.maxLength,
  };

  return (
    <ActionDialog
      open={open}
      title={title}
      action={{ label: confirmLabel, palette, form: formId }}
      cancelLabel={t`Cancel`}
      busy={busy}
      size="md"
      // With a field, typing is the next step; otherwise Cancel is the safe default for a money action.
      initialFocusEl={field ? () => inputRef.current : undefined}
      finalFocusEl={() => (returnFocusTo.current?.isConnected ? returnFocusTo.current : null)}
      onClose={onClose}
    >
      {/* noValidate: the field's own error text explains a missing reason, not a browser bubble. */}
      <chakra.form
        id={formId}
        display="flex"
        flexDirection="column"
        gap="4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        {children}
        {serverError ? (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>{serverError}</Alert.Title>
          </Alert.Root>
        ) : null}
        {field ? (
          <Field.Root required={field.required} invalid={!!error} disabled={busy}>
            <Field.Label>
              {label}
              <Field.RequiredIndicator fallback={field.required ? undefined : ` ${t`(optional)`}`} />
            </Field.Label>
            {field.multiline ? (
              <Textarea ref={inputRef} {...inputProps} rows={3} autoresize />
            ) : (
              <Input ref={inputRef} {...inputProps} autoComplete="off" />
            )}
            {field.helperText && !error ? <Field.HelperText>{textOf(field.helperText)}</Field.HelperText> : null}
            <Field.ErrorText>{error}</Field.ErrorText>
          </Field.Root>
        ) : null}
        {secondField ? (
          <Field.Root required={secondField.required} invalid={!!secondError} disabled={busy}>
            <Field.Label>
              {secondLabel}
              <Field.RequiredIndicator fallback={secondField.required ? undefined : ` ${t`(optional)`}`} />
            </Field.Label>
            <Input
              ref={secondRef}
              value={second}
              onChange={(e) => setSecond(e.target.value)}
              placeholder={secondField.placeholder === undefined ? undefined : textOf(secondField.placeholder)}
              maxLength={secondField.maxLength}
              inputMode="numeric"
              autoComplete="off"
            />
            {secondField.helperText && !secondError ? (
              <Field.HelperText>{textOf(secondField.helperText)}</Field.HelperText>
            ) : null}
            <Field.ErrorText>{secondError}</Field.ErrorText>
          </Field.Root>
        ) : null}
      </chakra.form>
    </ActionDialog>
  );
}
