import { APP_ROUTES, isAppRoute } from '@vestora/contract';
import type { RouteObject } from 'react-router-dom';
import { describe, expect, test } from 'vitest';
import { routes } from './routes';

/** Every concrete path of the route table ('*' catch-alls left out), as `/a/b/:id`. */
function paths(list: RouteObject[], base = ''): string[] {
  const out: string[] = [];
  for (const r of list) {
    if (r.path === '*') continue;
    const here = r.path ? `${base}/${r.path}` : base;
    if (r.index || (r.path && !r.children)) out.push(here || '/');
    if (r.children) out.push(...paths(r.children, here));
  }
  return out;
}

describe("the server's list of the app's routes", () => {
  test('is the route table (the server answers 404 for every other page path)', () => {
    expect([...new Set(paths(routes))].sort()).toEqual([...APP_ROUTES].sort());
  });

  test('matches as the router does: any case, a trailing slash, one segment per parameter', () => {
    for (const ok of ['/', '/about', '/About/', '/dashboard/investments/abc', '/dashboard/createinvestmentedit/x'])
      expect(isAppRoute(ok), ok).toBe(true);
    for (const no of ['/no/such/page', '/dashboard/nope', '/dashboard/investments/a/b', '/about/x', '/%E0%A4%A'])
      expect(isAppRoute(no), no).toBe(false);
  });
});
