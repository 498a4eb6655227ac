import { renderToString } from 'react-dom/server';
import { I18nProvider } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import { afterEach, expect, test, vi } from 'vitest';
import { activateLocale, i18n } from './index';

afterEach(async () => {
  vi.restoreAllMocks();
  await activateLocale('en');
});

// English is compiled at build time (scripts/babel-precompile-messages.mjs): placeholders filled, inline elements
// kept, and Lingui never falls back to an uncompiled text (it would warn and show `{amount}` as it is).
test('English texts render compiled: placeholders inside inline elements, plurals, no warning', () => {
  const warn = vi.spyOn(console, 'warn');
  const amount = '$5.00';
  const count = 2;
  const html = renderToString(
    <I18nProvider i18n={i18n}>
      <p>
        <Trans>
          <b>Deposit {amount}</b> and come back
        </Trans>
      </p>
      <p>{t`${count} plans`}</p>
      <p>
        <Trans>
          <a href="/dashboard/deposit" className="link">
            Deposit {amount}
          </a>{' '}
          first
        </Trans>
      </p>
    </I18nProvider>,
  );
  expect(html).toContain('<b>Deposit $5.00</b> and come back');
  expect(html).toContain('2 plans');
  expect(html).toContain('<a href="/dashboard/deposit" class="link">Deposit $5.00</a> first');
  expect(warn).not.toHaveBeenCalled();
});

test('another language renders from its catalog; a text it lacks logs an error', async () => {
  await activateLocale('de');
  const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  expect(t`Page Not Found`).not.toBe('Page Not Found');
  expect(error).not.toHaveBeenCalled();
  expect(t`A text no catalog has`).toBe('A text no catalog has');
  expect(error).toHaveBeenCalledWith(expect.stringMatching(/^Missing de translation/));
});
