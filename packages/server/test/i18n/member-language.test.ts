// #22: the member's language and theme are saved on the account (user.setLocale, user.setTheme, user.me), and
// what the server writes to a member (e-mails, notifications, the monthly statement) is in that language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TLocale } from '@vestora/contract';
import type { TestUser } from '../../src/test/factories.ts';
import { issueDueStatements } from '../../src/modules/account-statement/account-statement.job.ts';
import { callerAs, insertUser, confirmDeposit, secondAdmin } from '../../src/test/factories.ts';
import { startTestApp, type TestApp } from '../../src/test/harness.ts';
import { ManualClock } from '../../src/test/manual-clock.ts';
import { mailTo } from '../accounts/account-helpers.ts';
import { failure, newKey } from '../money/money-helpers.ts';
import { csvRows, moveAt, pdfText, storedStatements } from '../account-statement/statement-helpers.ts';
import { balanceCentsColumn } from '../../src/modules/user/user.repo.ts';

describe("the member's language and theme", () => {
  let t: TestApp;
  let clock: ManualClock;
  let admin: TestUser;

  beforeAll(async () => {
    clock = new ManualClock('2026-01-05T09:00:00Z');
    t = await startTestApp({ clock });
    admin = await insertUser(t.handle.db, { accountType: 'admin' });
  });
  afterAll(async () => {
    await t.close();
  });

  /** A member who chose `locale` (as the session would load them after user.setLocale). */
  async function memberIn(locale: TLocale, opts: { firstName?: string; balanceCents?: number } = {}) {
    const row = await insertUser(t.handle.db, { emailVerified: true, ...opts });
    await callerAs(t, row).user.setLocale({ locale });
    return { ...row, locale };
  }

  it('setLocale and setTheme save the choice; me answers them; bad values are a 400, no session a 401', async () => {
    const member = await insertUser(t.handle.db);
    expect(await callerAs(t, member).user.me()).toMatchObject({ locale: 'en', theme: 'system' });
    expect(await callerAs(t, member).user.setLocale({ locale: 'pt-BR' })).toEqual({ locale: 'pt-BR' });
    expect(await callerAs(t, member).user.setTheme({ theme: 'dark' })).toEqual({ theme: 'dark' });
    const fresh = await t.handle.db
      .selectFrom('users')
      .selectAll()
      .select(balanceCentsColumn())
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(await callerAs(t, fresh).user.me()).toMatchObject({ locale: 'pt-BR', theme: 'dark' });

    const badLocale = await failure(callerAs(t, member).user.setLocale({ locale: 'fr' as TLocale }));
    expect(badLocale.status).toBe(400);
    expect(badLocale.message).toContain('Locale must be one of en, de, es, pt-BR, ar');
    const badTheme = await failure(callerAs(t, member).user.setTheme({ theme: 'sepia' as 'dark' }));
    expect(badTheme.status).toBe(400);
    expect(badTheme.message).toContain('Theme must be one of system, light, dark');
    expect((await failure(callerAs(t, null).user.setLocale({ locale: 'de' }))).status).toBe(401);
    expect((await failure(callerAs(t, null).user.setTheme({ theme: 'light' }))).status).toBe(401);
  });

  it('sign-up saves the language the visitor was reading in; its verification mail is in it', async () => {
    const user = await callerAs(t, null).user.signup({
      firstName: 'Jana',
      lastName: 'Neu',
      country: 'Germany',
      city: 'Berlin',
      email: 'jana@example.com',
      password: 'correct horse battery',
      locale: 'de',
    });
    expect(user.locale).toBe('de');
    const [mail] = await mailTo(t.handle.db, 'jana@example.com', 'email.verify');
    expect(mail!.subject).toBe('Bestätigen Sie Ihre E-Mail-Adresse · Vestora');
    expect(mail!.text_body).toContain('Bitte bestätigen Sie, dass diese Adresse Ihnen gehört.');
    expect(mail!.text_body).toMatch(/^Guten Tag,\n/);
  });

  it("a German member's password reset and deposit e-mails are in German, amounts in German format", async () => {
    const hans = await memberIn('de', { firstName: 'Hans' });
    await callerAs(t, null).user.requestPasswordReset({ email: hans.email });
    const [reset] = await mailTo(t.handle.db, hans.email, 'password.reset');
    expect(reset!.subject).toBe('Passwort zurücksetzen · Vestora');
    expect(reset!.text_body).toContain('Jemand (hoffentlich Sie) hat angefordert');
    expect(reset!.text_body).toContain('Neues Passwort wählen: ');
    expect(reset!.html_body).toContain('Neues Passwort wählen</a>');

    const d = await callerAs(t, hans).deposit.request({
      amount: 1234.5,
      reference: 'TRF-DE1',
      idempotencyKey: newKey(),
    });
    await confirmDeposit(t, admin, await secondAdmin(t), { id: d.id });
    const [deposit] = await mailTo(t.handle.db, hans.email, 'deposit.confirmed');
    expect(deposit!.subject).toBe('Einzahlung über 1.234,50\u00a0$ bestätigt · Vestora');
    expect(deposit!.text_body).toContain('Wir haben Ihre Überweisung erhalten (Referenz TRF-DE1).');
  });

  it('an English member still gets the English texts, word for word', async () => {
    const ann = await insertUser(t.handle.db, { emailVerified: true });
    const d = await callerAs(t, ann).deposit.request({
      amount: 1234.5,
      reference: 'TRF-EN1',
      idempotencyKey: newKey(),
    });
    await confirmDeposit(t, admin, await secondAdmin(t), { id: d.id });
    const [deposit] = await mailTo(t.handle.db, ann.email, 'deposit.confirmed');
    expect(deposit!.subject).toBe('Deposit of $1,234.50 confirmed · Vestora');
    expect(deposit!.text_body).toBe(
      'Hello,\n\nWe received your transfer (reference TRF-EN1). $1,234.50 was added to your balance.\n\n— Vestora',
    );
  });

  it('an Arabic member reads notifications in Arabic, also those written before they chose it', async () => {
    const row = await insertUser(t.handle.db, { emailVerified: true });
    const d = await callerAs(t, row).deposit.request({ amount: 50, reference: 'TRF-AR1', idempotencyKey: newKey() });
    await confirmDeposit(t, admin, await secondAdmin(t), { id: d.id });
    const [before] = (await callerAs(t, row).notification.list({ limit: 10 })).items;
    expect(before!.title).toBe('Deposit of $50.00 confirmed');

    await callerAs(t, row).user.setLocale({ locale: 'ar' });
    const arabic = { ...row, locale: 'ar' as const };
    const [item] = (await callerAs(t, arabic).notification.list({ limit: 10 })).items;
    expect(item!.title).toMatch(/^تم تأكيد إيداع بقيمة .*50\.00\sUS\$$/);
    expect(item!.body).toContain('استلمنا تحويلك (المرجع TRF-AR1).');
    // The stored English text stays (what older readers and the data export show).
    const stored = await t.handle.db
      .selectFrom('notifications')
      .select('title')
      .where('user_id', '=', row.id)
      .execute();
    expect(stored.map((s) => s.title)).toEqual(['Deposit of $50.00 confirmed']);
  });

  it('a Spanish statement has Spanish labels in the CSV and the PDF; an Arabic one has an Arabic CSV', async () => {
    const lucia = await memberIn('es', { firstName: 'Lucía' });
    const omar = await memberIn('ar', { firstName: 'Omar' });
    await moveAt(t.handle.db, lucia.id, 100_00, '2026-01-10T10:00:00Z', 'abono inicial');
    await moveAt(t.handle.db, omar.id, 42_00, '2026-01-12T10:00:00Z', 'opening credit');
    clock.set('2026-02-01T00:00:00Z');
    await issueDueStatements(t.app.deps);

    const [es] = await storedStatements(t.handle.db, lucia.id);
    const rows = csvRows(es!.csv);
    expect(rows[0]).toEqual([
      'fila',
      'fecha',
      'descripción',
      'referencia',
      'importe',
      'saldo posterior',
      'capital',
      'intereses pagados',
    ]);
    expect(rows[1]).toEqual(['saldo inicial', '2026-01-01', '', '', '', '0.00', '', '']);
    expect(rows[2]).toEqual([
      'movimiento',
      '2026-01-10',
      'Ajuste',
      'Ajuste: abono inicial',
      '100.00',
      '100.00',
      '',
      '',
    ]);
    const list = await callerAs(t, lucia).accountStatement.list();
    const pdf = await callerAs(t, lucia).accountStatement.get({ id: list[0]!.id, format: 'pdf' });
    const { text } = await pdfText(Buffer.from(pdf.contentBase64, 'base64'));
    for (const words of [
      'Extracto de cuenta: enero de 2026',
      'Saldo inicial',
      'Saldo final',
      'Movimientos (1)',
      '100,00',
    ]) {
      expect(text).toContain(words);
    }

    const [ar] = await storedStatements(t.handle.db, omar.id);
    expect(csvRows(ar!.csv)[0]![0]).toBe('الصف');
    const arList = await callerAs(t, omar).accountStatement.list();
    const arPdf = await callerAs(t, omar).accountStatement.get({ id: arList[0]!.id, format: 'pdf' });
    const arText = (await pdfText(Buffer.from(arPdf.contentBase64, 'base64'))).text;
    expect(arText).toContain('Account statement: January 2026');
    expect(arText).toContain('This PDF is in English');

    // The notice of the statement is in the member's language too.
    const [notice] = (await callerAs(t, lucia).notification.list({ limit: 10 })).items;
    expect(notice!.title).toBe('Su extracto de enero de 2026 está listo');
  });

  it('a visitor who subscribes while reading Spanish gets the confirmation in Spanish', async () => {
    await callerAs(t, null).newsletter.subscribe({ email: 'ana@example.com', locale: 'es' });
    const [mail] = await mailTo(t.handle.db, 'ana@example.com', 'newsletter.confirm');
    expect(mail!.subject).toBe('Confirme su suscripción al boletín · Vestora');
    expect(mail!.text_body).toMatch(/^Hola:\n/);
    expect(mail!.text_body).toContain('Confirmar su suscripción: ');
  });

  it("a German member's yearly summary CSV has German words", async () => {
    const greta = await memberIn('de', { firstName: 'Greta' });
    const file = await callerAs(t, greta).accountStatement.yearSummary({ year: 2026, format: 'csv' });
    const rows = csvRows(Buffer.from(file.contentBase64, 'base64').toString('utf8'));
    expect(rows[0]).toEqual(['plan', 'gezahlte zinsen', 'gezahlte empfehlungsprämien', 'summe']);
    expect(rows.at(-1)).toEqual(['Summe', '0.00', '0.00', '0.00']);
  });
});
