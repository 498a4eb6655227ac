import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../src/test/factories.ts';
import { startTestApp, type TestApp } from '../src/test/harness.ts';
import { legacy, trpcMutation, trpcQuery } from './support/http.ts';

// Server errors carry the id and values of their message (data.i18n) on /trpc, for the web to translate;
// the English text stays what it was, and the legacy /api/v1 answers exactly as before.
describe('error messages with an id and values', () => {
  let t: TestApp;
  let email: string;
  beforeAll(async () => {
    t = await startTestApp();
    email = (await insertUser(t.handle.db)).email;
  });
  afterAll(() => t.close());

  it('/trpc: the English message, and data.i18n with its id', async () => {
    const res = await trpcMutation(t.app, 'user.login', { email, password: 'not the password' });
    const { error } = res.json();
    expect(res.statusCode).toBe(401);
    expect(error.message).toBe('Email or password is incorrect.');
    expect(error.data.i18n).toEqual({ id: 'auth.badCredentials' });
  });

  it('/trpc: values travel as they are (a string here), the English text filled with them', async () => {
    const res = await trpcMutation(t.app, 'user.signup', {
      firstName: 'Ada',
      lastName: 'Lovelace',
      country: 'United Kingdom',
      city: 'London',
      email: `i18n-${Date.now()}@example.com`,
      password: 'a long enough password',
      ref: 'NOSUCHCODE',
    });
    const { error } = res.json();
    expect(error.message).toBe(
      'The referral code "NOSUCHCODE" does not belong to any account. Check the invitation link, or sign up without it.',
    );
    expect(error.data.i18n).toEqual({ id: 'signup.unknownReferral', values: { code: 'NOSUCHCODE' } });
  });

  it('/trpc: the middleware refusals carry theirs too', async () => {
    const { error } = (await trpcQuery(t.app, 'user.me')).json();
    expect(error.message).toBe('Please sign in to continue.');
    expect(error.data.i18n).toEqual({ id: 'auth.signInRequired' });
  });

  it('/trpc: an input refused by its schema says the English summary, without an id', async () => {
    const { error } = (await trpcMutation(t.app, 'user.login', { email: 'nope', password: 'x' })).json();
    expect(error.message).toBe('email: Email must be a valid email address');
    expect(error.data.i18n).toBeUndefined();
  });

  it('/api/v1 answers with the same English text and nothing else', async () => {
    const res = await legacy(t.app, 'POST', '/user/login', { email, password: 'not the password' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ err: 'Email or password is incorrect.' });
  });
});
