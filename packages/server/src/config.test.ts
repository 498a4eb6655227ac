import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has working defaults: embedded database in ./.data, http://127.0.0.1:3000', () => {
    const c = loadConfig({ INIT_CWD: '/srv/vestora' });
    expect(c).toMatchObject({
      HOST: '127.0.0.1',
      PORT: 3000,
      DATA_DIR: '/srv/vestora/.data',
      publicUrl: 'http://127.0.0.1:3000',
    });
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.MARKET_FEED_URL).toBe('https://api.coingecko.com');
    // Load shedding is on by default (the test servers turn the event-loop check off: src/test/harness.ts).
    expect(c.MAX_EVENT_LOOP_DELAY_MS).toBe(1000);
  });

  it('session lifetimes: users 168 h idle / 720 h, admins 30 min idle / 12 h; SESSION_TTL_HOURS is the old name of the user idle limit', () => {
    expect(loadConfig({})).toMatchObject({
      USER_SESSION_IDLE_H: 168,
      USER_SESSION_MAX_H: 720,
      ADMIN_SESSION_IDLE_MIN: 30,
      ADMIN_SESSION_MAX_H: 12,
    });
    expect(loadConfig({ SESSION_TTL_HOURS: '48' }).USER_SESSION_IDLE_H).toBe(48);
    expect(loadConfig({ SESSION_TTL_HOURS: '48', USER_SESSION_IDLE_H: '24' }).USER_SESSION_IDLE_H).toBe(24);
    expect(() => loadConfig({ ADMIN_SESSION_IDLE_MIN: '0' })).toThrow(/ADMIN_SESSION_IDLE_MIN/);
  });

  it('resolves a relative DATA_DIR against the directory the command was typed in', () => {
    expect(loadConfig({ INIT_CWD: '/home/me/vestora', DATA_DIR: 'var/db' }).DATA_DIR).toBe('/home/me/vestora/var/db');
    expect(loadConfig({ INIT_CWD: '/home/me/vestora', DATA_DIR: '/data' }).DATA_DIR).toBe('/data');
  });

  it('derives the public URL and origin, without a trailing slash', () => {
    const c = loadConfig({ PUBLIC_URL: 'https://vestora.example/', PORT: '8080', MARKET_CACHE_TTL_S: '60' });
    expect(c).toMatchObject({
      publicUrl: 'https://vestora.example',
      publicOrigin: 'https://vestora.example',
      PORT: 8080,
      MARKET_CACHE_TTL_S: 60,
    });
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PUBLIC_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it('fails fast with one readable line per bad variable', () => {
    const bad = { DATABASE_URL: 'mysql://x', PORT: 'eighty', PUBLIC_URL: 'vestora.example', LOG_LEVEL: 'loud' };
    expect(() => loadConfig(bad)).toThrow(ConfigError);
    try {
      loadConfig(bad);
    } catch (e) {
      const message = (e as Error).message;
      expect(message).toMatch(/^Invalid configuration:\n/);
      expect(message).toContain('DATABASE_URL: DATABASE_URL must start with postgres:// or postgresql://');
      expect(message).toContain('PUBLIC_URL: PUBLIC_URL must be an absolute URL');
      expect(message).toMatch(/ {2}- PORT: /);
      expect(message).toMatch(/ {2}- LOG_LEVEL: /);
    }
  });
});
