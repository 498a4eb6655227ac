import { createContext, useContext, useEffect } from 'react';
import { site } from '../content/site';
import { i18n } from '../i18n';

/** The full tab title for a page title (`undefined`: the home page). */
export function fullPageTitle(title: string | undefined): string {
  return title ? `${title} · ${site.brand.name}` : `${site.brand.name}: ${i18n._(site.brand.tagline)}`;
}

/** Pre-rendering only: where the page being rendered leaves its title, for the HTML's <title>. */
export const PageTitleSink = createContext<{ title?: string } | null>(null);

/** Sets the browser tab title to `<title> · Vestora` while the page is shown. */
export function usePageTitle(title: string | undefined): void {
  const sink = useContext(PageTitleSink);
  if (sink) sink.title = fullPageTitle(title);
  useEffect(() => {
    document.title = fullPageTitle(title);
  }, [title]);
}
