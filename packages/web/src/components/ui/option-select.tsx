import type { Ref } from 'react';
import { NativeSelect } from '@chakra-ui/react';

/** One choice of an OptionSelect. */
export interface SelectOption<V extends string = string> {
  value: V;
  label: string;
}

export interface OptionSelectProps extends NativeSelect.FieldProps {
  options: readonly SelectOption[];
  /** Props of the wrapper: size, width, disabled. */
  rootProps?: NativeSelect.RootProps;
  ref?: Ref<HTMLSelectElement>;
}

/**
 * Chakra's native select (keyboard and screen-reader friendly on every device) over `{ value, label }`
 * options; controlled (`value` + `onChange`) or registered (`{...register('field')}`, whose ref it takes).
 */
export function OptionSelect({ options, rootProps, ref, ...field }: OptionSelectProps) {
  return (
    <NativeSelect.Root {...rootProps}>
      <NativeSelect.Field ref={ref} {...field}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
