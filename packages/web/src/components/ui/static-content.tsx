import { type ComponentType, type MouseEvent, type ReactNode, useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useHydrated } from '../../lib/hydration';

/** The markup a pre-rendered page holds for the static content `id`, while React takes the page over. */
function markupOf(id: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return document.querySelector(`[data-static="${CSS.escape(id)}"]`)?.innerHTML;
}

/** A click on a link to one of our pages, which the router can show without loading a document. */
function internalHref(event: MouseEvent): string | undefined {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return undefined;
  const link = (event.target as Element).closest('a');
  if (!link || (link.target && link.target !== '_self') || link.hasAttribute('download')) return undefined;
  const url = new URL(link.href, window.location.href);
  return url.origin === window.location.origin ? `${url.pathname}${url.search}${url.hash}` : undefined;
}

/**
 * Content that does nothing once shown (copy, headings, cards of text, links): on a page pre-rendered at build
 * time React keeps its HTML as it is instead of hydrating it, so none of its components run and no style is
 * computed for it in the browser. Its links still move within the app (the router), as they did. Rendered in the
 * browser (another page, another language) it renders as usual. Nothing inside may need state, effects or
 * handlers, nor differ between the build and the browser: those parts stay outside, hydrated.
 */
export function StaticContent({ children }: { children: ReactNode }) {
  const id = useId();
  const hydrating = !useHydrated();
  // Decided once, when mounted: taken over from the page (then kept as it is), or rendered.
  const [markup] = useState(() => (hydrating ? markupOf(id) : undefined));
  const navigate = useNavigate();
  if (markup === undefined) {
    return (
      <div data-static={id} style={{ display: 'contents' }}>
        {children}
      </div>
    );
  }
  const onClick = (event: MouseEvent) => {
    const href = internalHref(event);
    if (href === undefined) return;
    event.preventDefault();
    void navigate(href);
  };
  return (
    // A link's click (mouse, or Enter on the focused link) bubbles to this handler.
    <div
      data-static={id}
      style={{ display: 'contents' }}
      onClick={onClick}
      dangerouslySetInnerHTML={{ __html: markup }}
    />
  );
}

/** `Component` as static content (see StaticContent): `const Notice = staticContent(function Notice() {...})`. */
export function staticContent<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  function Static(props: P) {
    return (
      <StaticContent>
        <Component {...props} />
      </StaticContent>
    );
  }
  Static.displayName = `Static(${Component.displayName ?? Component.name})`;
  return Static;
}
