import { useEffect } from 'react';
import { site } from '../content/site';

/** Sets the browser tab title to `<title> · Vestora` while the page is shown. */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · ${site.brand.name}` : `${site.brand.name}: ${site.brand.tagline}`;
  }, [title]);
}
