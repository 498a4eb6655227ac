import type { ReactNode } from 'react';
import { Field, Flex, NativeSelect } from '@chakra-ui/react';
import type { TUser } from '@vestora/contract';
import type { useUserDirectory } from '../money-hooks';

/** The row of filters above a desk table; wraps on phones. */
export function FilterBar({ children }: { children: ReactNode }) {
  return (
    <Flex gap="4" wrap="wrap" align="flex-end">
      {children}
    </Flex>
  );
}

interface SelectFilterProps<V extends string> {
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
  disabled?: boolean;
  helperText?: string;
}

/** A labelled native select (keyboard and screen-reader friendly on every device). */
export function SelectFilter<V extends string>({
  label,
  value,
  options,
  onChange,
  disabled,
  helperText,
}: SelectFilterProps<V>) {
  return (
    <Field.Root w={{ base: 'full', sm: '15rem' }} disabled={disabled}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.currentTarget.value as V)}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {helperText ? <Field.HelperText>{helperText}</Field.HelperText> : null}
    </Field.Root>
  );
}

export const ALL = 'all';

interface UserFilterProps {
  label?: string;
  value: string;
  onChange: (userId: string) => void;
  users: TUser[];
  loading: boolean;
  failed: boolean;
}

/** Pick one user (by email) or everyone, from `user.list`. */
export function UserFilter({ label = 'User', value, onChange, users, loading, failed }: UserFilterProps) {
  const options = [
    { value: ALL, label: loading ? 'Loading users...' : 'All users' },
    ...users.map((u) => ({ value: u.id, label: `${u.email} (${u.firstName} ${u.lastName})` })),
  ];
  return (
    <SelectFilter
      label={label}
      value={value}
      options={options}
      onChange={onChange}
      disabled={loading || failed}
      helperText={failed ? 'The user list could not be loaded.' : undefined}
    />
  );
}

export interface DeskFiltersProps<V extends string> {
  /** The first filter (status, entity type...). */
  select: SelectFilterProps<V>;
  userLabel?: string;
  userId: string;
  onUserChange: (userId: string) => void;
  directory: ReturnType<typeof useUserDirectory>;
}

/** A desk's filter bar: one select and a user picker fed by the user directory. */
export function DeskFilters<V extends string>({
  select,
  userLabel,
  userId,
  onUserChange,
  directory,
}: DeskFiltersProps<V>) {
  return (
    <FilterBar>
      <SelectFilter {...select} />
      <UserFilter
        label={userLabel}
        value={userId}
        onChange={onUserChange}
        users={directory.sorted}
        loading={directory.isPending}
        failed={directory.isError}
      />
    </FilterBar>
  );
}

/** A status filter's options: each status by its label, then 'All statuses'. */
export function statusFilterOptions<S extends string>(
  labels: Record<S, { label: string }>,
): { value: S | typeof ALL; label: string }[] {
  const statuses = Object.keys(labels) as S[];
  return [...statuses.map((s) => ({ value: s, label: labels[s].label })), { value: ALL, label: 'All statuses' }];
}
