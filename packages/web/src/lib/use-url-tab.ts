import { useSearchParams } from 'react-router-dom';

/**
 * The open tab, kept in the URL (?tab=) so it can be linked; the first tab is the default and
 * leaves the URL clean.
 */
export function useUrlTab<const T extends readonly [string, ...string[]]>(tabs: T) {
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab = (tabs as readonly string[]).includes(raw ?? '') ? (raw as T[number]) : tabs[0];
  const setTab = (value: string) => setParams(value === tabs[0] ? {} : { tab: value }, { replace: true });
  return [tab, setTab] as const;
}
