import { describe, expect, it } from 'vitest';
import { computeSecurityHeaders, helmetOptions } from './security-headers.ts';

describe('computeSecurityHeaders', () => {
  it('gives the CSP, framing and sniffing headers, and no HSTS under http', () => {
    const h = computeSecurityHeaders(helmetOptions({ publicUrl: 'http://127.0.0.1:3000' }));
    expect(h['content-security-policy']).toContain("default-src 'self'");
    expect(h['content-security-policy']).toContain('frame-src https://www.openstreetmap.org');
    // Coin logos come from our own route (#34): the browser loads no image from another host.
    expect(h['content-security-policy']).toContain("img-src 'self' data:;");
    expect(h['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['x-frame-options']).toBe('SAMEORIGIN');
    expect(h['strict-transport-security']).toBeUndefined();
  });

  it('adds HSTS and upgrade-insecure-requests under https', () => {
    const h = computeSecurityHeaders(helmetOptions({ publicUrl: 'https://vestora.example' }));
    expect(h['strict-transport-security']).toBe('max-age=31536000');
    expect(h['content-security-policy']).toContain('upgrade-insecure-requests');
  });
});
