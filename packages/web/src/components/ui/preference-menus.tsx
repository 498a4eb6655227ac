import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { NativeSelect } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { LOCALES, LOCALE_INFO, THEMES, type TLocale, type TTheme, matchLocale, pathInLocale } from '@vestora/contract';
import { activateLocale, currentLocale } from '../../i18n';
import { useLocale } from '../../i18n/hooks';
import { applyThemeChoice, isPublicPath, readThemeChoice, saveLocaleCookie, useColorMode } from '../../lib/preferences';
import { trpc } from '../../lib/trpc';

/**
 * Saves a choice to the signed-in member's account (user.setLocale / user.setTheme) and into the cached session
 * at once, so MemberPreferences does not switch back meanwhile. A visitor's choice lives in the cookie only.
 */
function useSaveToAccount() {
  const utils = trpc.useUtils();
  const setLocale = trpc.user.setLocale.useMutation();
  const setTheme = trpc.user.setTheme.useMutation();
  const signedIn = () => Boolean(utils.user.session.getData());
  return {
    locale(locale: TLocale) {
      if (!signedIn()) return;
      utils.user.session.setData(undefined, (user) => (user ? { ...user, locale } : user));
      setLocale.mutate({ locale });
    },
    theme(theme: TTheme) {
      if (!signedIn()) return;
      utils.user.session.setData(undefined, (user) => (user ? { ...user, theme } : user));
      setTheme.mutate({ theme });
    },
  };
}

/**
 * In the signed-in app: the language and theme saved on the account win over the cookie and the browser (a new
 * device, another browser). Renders nothing.
 */
export function MemberPreferences() {
  const { data: user } = trpc.user.session.useQuery(undefined, { staleTime: 30_000 });
  const locale = user?.locale;
  const theme = user?.theme;
  useEffect(() => {
    if (locale && locale !== currentLocale()) {
      saveLocaleCookie(locale);
      void activateLocale(locale);
    }
  }, [locale]);
  useEffect(() => {
    if (theme && theme !== readThemeChoice()) applyThemeChoice(theme);
  }, [theme]);
  return null;
}

interface MenuProps {
  /** Called after the choice is shown (and saved to the account when someone is signed in). */
  onChosen?: (value: string) => void;
  size?: 'xs' | 'sm' | 'md';
  /** Props of the select's wrapper (width, colours on a dark footer...). */
  rootProps?: NativeSelect.RootProps;
}

/**
 * The language menu (header and footer): a native select (keyboard, screen readers and phones handle it
 * natively, and it costs the home page next to nothing). On a public page it opens the same page in the chosen
 * language (`/about` -> `/de/about`); in the app it switches the language in place. The choice is remembered
 * (cookie, and the account when signed in).
 */
export function LanguageMenu({ onChosen, size = 'sm', rootProps }: MenuProps) {
  const { t } = useLingui();
  const save = useSaveToAccount();
  const locale = useLocale();
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  const choose = async (value: string) => {
    const next = matchLocale(value);
    if (!next) return;
    saveLocaleCookie(next);
    await activateLocale(next);
    if (isPublicPath(pathname)) navigate(`${pathInLocale(pathname, next)}${search}${hash}`);
    save.locale(next);
    onChosen?.(next);
  };
  return (
    <NativeSelect.Root size={size} width="auto" {...rootProps}>
      <NativeSelect.Field aria-label={t`Language`} value={locale} onChange={(e) => void choose(e.currentTarget.value)}>
        {LOCALES.map((l: TLocale) => (
          <option key={l} value={l} lang={l}>
            {LOCALE_INFO[l].name}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/** Light, dark, or as the system says: shown at once, remembered (cookie, and the account when signed in). */
export function ThemeMenu({ onChosen, size = 'sm', rootProps }: MenuProps) {
  const { t } = useLingui();
  const save = useSaveToAccount();
  const { choice } = useColorMode();
  const label: Record<TTheme, string> = { system: t`System theme`, light: t`Light`, dark: t`Dark` };
  const choose = (value: string) => {
    const next = THEMES.find((theme) => theme === value);
    if (!next) return;
    applyThemeChoice(next);
    save.theme(next);
    onChosen?.(next);
  };
  return (
    <NativeSelect.Root size={size} width="auto" {...rootProps}>
      {/* data-theme-menu: the build selects the theme of each themed copy of a page here (scripts/prerender.mjs). */}
      <NativeSelect.Field
        aria-label={t`Theme`}
        data-theme-menu=""
        value={choice}
        onChange={(e) => choose(e.currentTarget.value)}
      >
        {THEMES.map((theme) => (
          <option key={theme} value={theme}>
            {label[theme]}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
