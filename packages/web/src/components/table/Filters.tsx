import { type ReactNode, useState } from 'react';
import { Field, Flex, Input, Stack } from '@chakra-ui/react';
import { t as translate } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { TUser } from '@vestora/contract';
import { useUserSearch } from '../../lib/user-hooks';
import { OptionSelect } from '../ui/option-select';

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
      <OptionSelect
        rootProps={{ size: 'sm' }}
        options={options}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value as V)}
      />
      {helperText ? <Field.HelperText>{helperText}</Field.HelperText> : null}
    </Field.Root>
  );
}

export const ALL = 'all';

interface UserFilterProps {
  label?: string;
  value: string;
  onChange: (userId: string) => void;
}

/** How many matches the user picker offers at once (type more to narrow them). */
const PICKER_MATCHES = 20;

const userLabel = (u: TUser) => `${u.email} (${u.firstName} ${u.lastName})`;

/**
 * Pick one user or everyone: a search box (start of the email or name) narrows the choices of a native
 * select to the first matches, so the desk never loads every user. Both are plain form controls: usable
 * with the keyboard and a screen reader on every device.
 */
export function UserFilter({ label: given, value, onChange }: UserFilterProps) {
  const { t } = useLingui();
  const label = given ?? t`User`;
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<TUser | null>(null);
  const found = useUserSearch(search, PICKER_MATCHES);
  const matches = found.data?.items ?? [];
  // The chosen user stays an option while another search runs.
  const kept = chosen && chosen.id === value && !matches.some((m) => m.id === chosen.id) ? [chosen] : [];
  const choices = [...kept, ...matches];
  const options = [{ value: ALL, label: t`All users` }, ...choices.map((u) => ({ value: u.id, label: userLabel(u) }))];
  const helperText = found.isError
    ? t`Users could not be searched.`
    : found.data?.nextCursor
      ? t`The first ${PICKER_MATCHES} matches: type more of a name or email to find others.`
      : search.trim() && matches.length === 0 && !found.isFetching
        ? t`No users match.`
        : undefined;
  return (
    <Stack gap="1.5" w={{ base: 'full', sm: '18rem' }}>
      <SelectFilter
        label={label}
        value={value}
        options={options}
        onChange={(id) => {
          setChosen(choices.find((u) => u.id === id) ?? null);
          onChange(id);
        }}
        helperText={helperText}
      />
      <Input
        size="sm"
        type="search"
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        placeholder={t`Find by name or email`}
        aria-label={t`${label}: find by name or email`}
        autoComplete="off"
      />
    </Stack>
  );
}

export interface DeskFiltersProps<V extends string> {
  /** The first filter (status, entity type...). */
  select: SelectFilterProps<V>;
  userLabel?: string;
  userId: string;
  onUserChange: (userId: string) => void;
}

/** A desk's filter bar: one select and a user picker that searches users as you type. */
export function DeskFilters<V extends string>({ select, userLabel, userId, onUserChange }: DeskFiltersProps<V>) {
  return (
    <FilterBar>
      <SelectFilter {...select} />
      <UserFilter label={userLabel} value={userId} onChange={onUserChange} />
    </FilterBar>
  );
}

/** A status filter's options: each status by its label, then 'All statuses' (call it while rendering). */
export function statusFilterOptions<S extends string>(
  labels: Record<S, { label: string }>,
): { value: S | typeof ALL; label: string }[] {
  const statuses = Object.keys(labels) as S[];
  return [
    ...statuses.map((s) => ({ value: s, label: labels[s].label })),
    { value: ALL, label: translate`All statuses` },
  ];
}
