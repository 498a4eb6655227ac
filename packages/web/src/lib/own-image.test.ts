import { describe, expect, it } from 'vitest';
import { ownImage } from './own-image';

describe('ownImage (#34: images from our origin only)', () => {
  it('keeps paths on our origin and data: images', () => {
    expect(ownImage('/api/market/logo/bitcoin')).toBe('/api/market/logo/bitcoin');
    expect(ownImage('data:image/png;base64,iVBORw0KGgo=')).toBe('data:image/png;base64,iVBORw0KGgo=');
  });
  it('drops addresses on other hosts, protocol-relative ones and nothing', () => {
    for (const src of [
      'https://cdn.example.com/me.png',
      'http://x.test/a.jpg',
      '//cdn.example.com/me.png',
      '/\\evil.test/a.png',
      '',
      null,
      undefined,
    ]) {
      expect(ownImage(src), String(src)).toBeNull();
    }
  });
});
