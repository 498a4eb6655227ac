import type { ReactNode } from 'react';
import { Field as ChakraField } from '@chakra-ui/react';

export interface FieldProps extends Omit<ChakraField.RootProps, 'label'> {
  label?: ReactNode;
  helperText?: ReactNode;
  errorText?: ReactNode;
  optionalText?: ReactNode;
}

/**
 * Label, control, helper and error text wired together (ids, aria-describedby, aria-invalid).
 * Pass `invalid` and `errorText` together; `required` adds the indicator.
 */
export function Field({ label, children, helperText, errorText, optionalText, ...rest }: FieldProps) {
  return (
    <ChakraField.Root {...rest}>
      {label ? (
        <ChakraField.Label>
          {label}
          <ChakraField.RequiredIndicator fallback={optionalText} />
        </ChakraField.Label>
      ) : null}
      {children}
      {helperText ? <ChakraField.HelperText>{helperText}</ChakraField.HelperText> : null}
      {errorText ? <ChakraField.ErrorText>{errorText}</ChakraField.ErrorText> : null}
    </ChakraField.Root>
  );
}
