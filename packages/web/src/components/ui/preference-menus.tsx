import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Button, Menu, Portal } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { LOCALES, LOCALE_INFO, THEMES, type TLocale, type TTheme, matchLocale, pathInLocale } from '@vestora/contract';
import { LuCheck, LuLanguages, LuMonitor, LuMoon, LuSun } from 'react-icons/lu';
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
}

/**
 * The language menu (header and footer). On a public page it opens the same page in the chosen language
 * (`/about` -> `/de/about`); in the app it switches the language in place. The choice is remembered (cookie,
 * and the account when signed in).
 */
export function LanguageMenu({ onChosen, size = 'sm' }: MenuProps) {
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
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <Button variant="ghost" size={size} aria-label={t`Language: ${LOCALE_INFO[locale].name}`}>
          <LuLanguages aria-hidden />
          {LOCALE_INFO[locale].name}
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="44">
            <Menu.RadioItemGroup value={locale} onValueChange={(e) => void choose(e.value)}>
              {LOCALES.map((l: TLocale) => (
                <Menu.RadioItem key={l} value={l} lang={l} dir={LOCALE_INFO[l].dir}>
                  {LOCALE_INFO[l].name}
                  <Menu.ItemIndicator>
                    <LuCheck />
                  </Menu.ItemIndicator>
                </Menu.RadioItem>
              ))}
            </Menu.RadioItemGroup>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

const THEME_ICON = { system: LuMonitor, light: LuSun, dark: LuMoon } as const;

/** Light, dark, or as the system says: shown at once, remembered (cookie, and the account when signed in). */
export function ThemeMenu({ onChosen, size = 'sm' }: MenuProps) {
  const { t } = useLingui();
  const save = useSaveToAccount();
  const { choice } = useColorMode();
  const label: Record<TTheme, string> = { system: t`System`, light: t`Light`, dark: t`Dark` };
  const Icon = THEME_ICON[choice];
  const choose = (value: string) => {
    const next = THEMES.find((theme) => theme === value);
    if (!next) return;
    applyThemeChoice(next);
    save.theme(next);
    onChosen?.(next);
  };
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <Button variant="ghost" size={size} aria-label={t`Theme: ${label[choice]}`}>
          <Icon aria-hidden />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="36">
            <Menu.RadioItemGroup value={choice} onValueChange={(e) => choose(e.value)}>
              {THEMES.map((theme) => {
                const ItemIcon = THEME_ICON[theme];
                return (
                  <Menu.RadioItem key={theme} value={theme}>
                    <ItemIcon aria-hidden />
                    {label[theme]}
                    <Menu.ItemIndicator>
                      <LuCheck />
                    </Menu.ItemIndicator>
                  </Menu.RadioItem>
                );
              })}
            </Menu.RadioItemGroup>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
