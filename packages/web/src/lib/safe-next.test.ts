import { describe, expect, test } from 'vitest';
import { loginPathFor, safeNextPath } from './safe-next';

describe('safeNextPath', () => {
  test('keeps a path on this site with its query', () => {
    expect(safeNextPath('/dashboard/investments?invest=abc')).toBe('/dashboard/investments?invest=abc');
  });
  test('refuses other hosts, schemes and empty values', () => {
    for (const bad of ['//evil.example/x', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)', '', null])
      expect(safeNextPath(bad), String(bad)).toBeNull();
  });
  test('round-trips through the login address', () => {
    const login = new URL(loginPathFor('/dashboard/investments?invest=p1'), 'http://x');
    expect(safeNextPath(login.searchParams.get('next'))).toBe('/dashboard/investments?invest=p1');
  });
});
