/**
 * The reader's language and colour theme in the browser: what they chose (the account's choice once signed in,
 * a cookie for everyone so the server answers the next page right), and what is shown.
 */
import { useSyncExternalStore } from 'react';
import {
  DEFAULT_LOCALE,
  LOCALE_COOKIE,
  THEME_COOKIE,
  THEMES,
  type TLocale,
  type TTheme,
  localeOfPath,
  matchLocale,
  stripLocalePrefix,
} from '@vestora/contract';

const YEAR_S = 365 * 24 * 3600;

export function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

function writeCookie(name: string, value: string): void {
  if (typeof document === 'undefined') return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${YEAR_S}; SameSite=Lax${secure}`;
}

// --- Language ---

/** Whether `pathname` is one of the public pages (those have a copy per language: `/de/about`). */
export function isPublicPath(pathname: string): boolean {
  const bare = stripLocalePrefix(pathname).toLowerCase();
  return !bare.startsWith('/dashboard');
}

/**
 * The language a page opens in. A public page's path says it (`/de/about`; no prefix is English: the server
 * sends a visitor who prefers another language to that language's path). The app's pages: the saved choice
 * (cookie; the account's choice replaces it once `user.me` answers), else the browser's languages, else English.
 */
export function initialLocale(pathname: string): TLocale {
  const fromPath = localeOfPath(pathname);
  if (fromPath) return fromPath;
  if (isPublicPath(pathname)) return DEFAULT_LOCALE;
  const saved = matchLocale(readCookie(LOCALE_COOKIE));
  if (saved) return saved;
  if (typeof navigator !== 'undefined') {
    for (const tag of navigator.languages ?? [navigator.language]) {
      const match = matchLocale(tag);
      if (match) return match;
    }
  }
  return DEFAULT_LOCALE;
}

/** Remembers a language choice for the next page the server answers. */
export function saveLocaleCookie(locale: TLocale): void {
  writeCookie(LOCALE_COOKIE, locale);
}

// --- Colour theme ---

type Listener = () => void;
const listeners = new Set<Listener>();
const notify = () => listeners.forEach((listener) => listener());

const isTheme = (value: unknown): value is TTheme => THEMES.includes(value as TTheme);

/** The choice in force: the class the server put on <html> (or a later switch), else the cookie, else system. */
export function readThemeChoice(): TTheme {
  if (typeof document === 'undefined') return 'system';
  const classes = document.documentElement.classList;
  if (classes.contains('dark')) return 'dark';
  if (classes.contains('light')) return 'light';
  const saved = readCookie(THEME_COOKIE);
  return isTheme(saved) ? saved : 'system';
}

const systemDark = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-color-scheme: dark)').matches
    : false;

/** Shows `choice` at once (a class on <html>: the CSS follows) and remembers it in the cookie. */
export function applyThemeChoice(choice: TTheme): void {
  if (typeof document === 'undefined') return;
  const classes = document.documentElement.classList;
  classes.toggle('dark', choice === 'dark');
  classes.toggle('light', choice === 'light');
  writeCookie(THEME_COOKIE, choice);
  notify();
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  const media =
    typeof window !== 'undefined' && window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)') : null;
  media?.addEventListener('change', listener);
  return () => {
    listeners.delete(listener);
    media?.removeEventListener('change', listener);
  };
}

const snapshot = (): string => {
  const choice = readThemeChoice();
  const shown = choice === 'system' ? (systemDark() ? 'dark' : 'light') : choice;
  return `${choice}:${shown}`;
};

/** The theme choice and what is shown (`light` / `dark`), kept current (a switch, the system changing). */
export function useColorMode(): { choice: TTheme; mode: 'light' | 'dark' } {
  const value = useSyncExternalStore(subscribe, snapshot, () => 'system:light');
  const [choice, mode] = value.split(':') as [TTheme, 'light' | 'dark'];
  return { choice, mode };
}
