/**
 * Renewal at maturity (#21): the invest dialog's "At maturity" choice with its sentence, the choice on the
 * position card, changing it on the position page, and after maturity the link from the renewed position to the
 * one it came from.
 */
import { expect, test } from 'vitest';
import { payDuePeriods } from '../../server/src/modules/investment/investment.payouts.ts';
import { describeBrowser, gone, poll, seen, shot, uniqueEmail, useE2E } from './harness.ts';

const env = useE2E();

describeBrowser('renewal at maturity', () => {
  const email = uniqueEmail('rene');

  test('a member chooses renewal in the dialog, changes it on the position page, and finds the renewed position', async () => {
    // $600 in Starter (5% a year, monthly, 12 months): $30.00 interest over the year.
    await env().createUser({ email, firstName: 'Rene', balanceCents: 60_000 });
    const tp = await env().newPage({ label: 'renewer' });
    const { page } = tp;
    await env().signInByApi(tp, email);
    await page.goto('/dashboard/investments');

    await page.getByRole('button', { name: 'Invest Now in Starter' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invest in Starter' });
    await seen(dialog);
    const choice = dialog.getByLabel('At maturity');
    // Paying out is the default, and the sentence says what each choice does.
    await poll(() => choice.inputValue()).toBe('none');
    await seen(dialog.getByText('At maturity the principal and the last interest go to your balance.'));
    await choice.selectOption({ label: 'Renew principal and interest' });
    await seen(dialog.getByText(/if your balance no longer holds it/));
    await choice.selectOption({ label: 'Renew the principal' });
    await seen(dialog.getByText(/the principal goes into a new investment in this plan, on its terms of that day/));
    await dialog.getByLabel(/Amount \(USD\)/).fill('600');
    await poll(() => dialog.getByTestId('quote-total-interest').textContent()).toBe('$30.00');
    await shot(page, 'invest-dialog-renewal');
    await dialog.getByRole('button', { name: 'Confirm investment' }).click();
    await gone(dialog);

    const mine = page.getByRole('region', { name: 'My investments' });
    const card = mine.getByRole('article', { name: 'Starter investment of $600.00' });
    await seen(card.getByText('Renew the principal', { exact: true }));

    // On the position page the owner changes it (and back), until maturity.
    await card.getByRole('link', { name: /Schedule of the Starter investment/ }).click();
    await seen(page.getByRole('heading', { name: 'Starter: $600.00' }));
    const section = page.getByRole('region', { name: 'At maturity' });
    const select = section.getByLabel('At maturity');
    await poll(() => select.inputValue()).toBe('principal');
    await select.selectOption({ label: 'Pay out to my balance' });
    await section.getByRole('button', { name: 'Save the choice' }).click();
    await seen(page.getByText('At maturity: pay out to my balance'));
    await select.selectOption({ label: 'Renew the principal' });
    await section.getByRole('button', { name: 'Save the choice' }).click();
    await seen(page.getByText('At maturity: renew the principal'));
    const positionUrl = page.url();

    // A year and a day later the runner pays the twelve periods and renews the principal. The page is left first:
    // once the clock moves its session is past its limit, and a refetch of the open page would answer 401.
    await page.goto('about:blank');
    env().clock.advanceDays(366);
    const paid = await payDuePeriods(env().db, { now: env().clock.now(), config: env().config });
    expect(paid.matured).toBe(1);
    // A year on, the session is past its absolute limit: sign in again.
    await env().signInByApi(tp, email);
    await page.goto(positionUrl);
    await seen(page.getByText('Matured', { exact: true }).first());
    await seen(page.getByText(/At maturity:.*Renew the principal/));
    await page.getByRole('link', { name: 'a new investment' }).click();
    await poll(() => page.url()).not.toBe(positionUrl);
    await seen(page.getByRole('heading', { name: 'Starter: $600.00' }));
    await seen(page.getByRole('link', { name: 'the investment that matured' }));
    // The renewed position's choice is the owner's to change again.
    await poll(() => page.getByRole('region', { name: 'At maturity' }).getByLabel('At maturity').inputValue()).toBe(
      'principal',
    );
    await shot(page, 'renewed-position');
  });
});
