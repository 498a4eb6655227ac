import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../src/test/factories.ts';
import { callerAs, insertUser, TEST_PASSWORD } from '../src/test/factories.ts';
import { sessionCookieFrom, startTestApp, type TestApp } from '../src/test/harness.ts';
import type { OpenApiDocument } from '../src/rest/v1/openapi.ts';
import { legacyPlanFields, signupFields } from './support/fixtures.ts';
import { expectNoSecrets, legacy, sessionFor } from './support/http.ts';
import { documentChecker, documentedRoutes, registeredRoutes } from './support/openapi.ts';
import { balanceCentsColumn } from '../src/modules/user/user.repo.ts';

/** The served /api/v1/openapi.json; every answer below is checked against it. */
let doc: OpenApiDocument;
let checker: ReturnType<typeof documentChecker>;

/** `{ err }` with the given status; the message must be a sentence, not a stack or SQL. */
function expectErr(res: LightMyRequestResponse, status: number, message?: string | RegExp) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  expect(Object.keys(body)).toEqual(['err']);
  if (message) expect(body.err).toMatch(message);
  expect(body.err).not.toMatch(/ at .*\.ts|select |insert |update .* set/i);
  if (checker.isDocumented(res)) checker.expectDocumented(res);
}

function ok(res: LightMyRequestResponse, status = 200) {
  expect(res.statusCode, res.body).toBe(status);
  expectNoSecrets(res);
  checker.expectDocumented(res);
  return res.json();
}

describe('legacy /api/v1 adapter', () => {
  let t: TestApp;
  let admin: TestUser;
  let adminCookie: string;
  let second: TestUser; // approves what `admin` proposes (#27)
  beforeAll(async () => {
    t = await startTestApp();
    admin = await insertUser(t.handle.db, { accountType: 'admin' });
    adminCookie = await sessionFor(t, admin);
    second = await insertUser(t.handle.db, { accountType: 'admin' });
    const res = await legacy(t.app, 'GET', '/openapi.json');
    expect(res.statusCode, res.body).toBe(200);
    doc = res.json();
    checker = documentChecker(doc);
  });
  afterAll(() => t.close());

  it('POST /user/signup: { data } with _id and __v; accountType is ignored; errors are { err }', async () => {
    const body = { ...signupFields('legacy@example.com'), accountType: 'admin' };
    const { data } = ok(await legacy(t.app, 'POST', '/user/signup', body), 201);
    expect(data).toMatchObject({ email: 'legacy@example.com', accountType: 'user', accountBallance: 0, __v: 0 });
    expect(data._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(data).not.toHaveProperty('id');
    expect(data).not.toHaveProperty('version');
    expectErr(await legacy(t.app, 'POST', '/user/signup', body), 409, 'An account with this email already exists.');
    expectErr(
      await legacy(t.app, 'POST', '/user/signup', { ...body, email: 'x' }),
      400,
      /email: Email must be a valid email address/,
    );
    expectErr(await legacy(t.app, 'POST', '/user/signup', [body]), 400, 'The request body must be a JSON object.');
  });

  it('POST /user/login, GET /user/private_data, GET /user/logout: the session round trip', async () => {
    expectErr(
      await legacy(t.app, 'POST', '/user/login', { email: 'legacy@example.com', password: 'wrong password' }),
      401,
      'Email or password is incorrect.',
    );
    const login = await legacy(t.app, 'POST', '/user/login', {
      email: 'LEGACY@example.com',
      password: 'a long enough password',
    });
    expect(ok(login).data).toMatchObject({ email: 'legacy@example.com', __v: 0 });
    const cookie = sessionCookieFrom(login);
    expect(login.cookies[0]).toMatchObject({ httpOnly: true, sameSite: 'Lax' });

    const priv = ok(await legacy(t.app, 'GET', '/user/private_data', undefined, cookie));
    expect(Object.keys(priv)).toEqual(['user']);
    expect(priv.user).toMatchObject({ email: 'legacy@example.com', accountType: 'user' });

    expect(ok(await legacy(t.app, 'GET', '/user/logout', undefined, cookie))).toEqual({ data: { ok: true } });
    expectErr(await legacy(t.app, 'GET', '/user/private_data', undefined, cookie), 401, 'Please sign in to continue.');
    expectErr(await legacy(t.app, 'GET', '/user/private_data'), 401);
  });

  it('GET /user/get_all: admins get { data: [users] }, users 403, anonymous 401', async () => {
    const user = await insertUser(t.handle.db);
    const { data } = ok(await legacy(t.app, 'GET', '/user/get_all', undefined, adminCookie));
    expect(data.map((u: { _id: string }) => u._id)).toEqual(expect.arrayContaining([admin.id, user.id]));
    expectErr(
      await legacy(t.app, 'GET', '/user/get_all', undefined, await sessionFor(t, user)),
      403,
      'Only an administrator can do this.',
    );
    expectErr(await legacy(t.app, 'GET', '/user/get_all'), 401);
  });

  it('POST /user/update takes the full edited user object; stale __v is 409; a password is refused', async () => {
    const user = await insertUser(t.handle.db, { balanceCents: 1000 });
    const all = ok(await legacy(t.app, 'GET', '/user/get_all', undefined, adminCookie)).data;
    const edited = { ...all.find((u: { _id: string }) => u._id === user.id), city: 'Porto', accountBallance: 12.5 };
    const { data: answered } = ok(await legacy(t.app, 'POST', '/user/update', edited, adminCookie));
    const { approval, ...data } = answered;
    // The balance change is a proposal (#27): the user as it is, plus the pending proposal.
    expect(data).toMatchObject({ _id: user.id, city: 'Porto', accountBallance: 10 });
    expect(approval).toMatchObject({ status: 'pending' });
    expect(data.__v).toBeGreaterThan(edited.__v);
    await callerAs(t, second).approval.approve({ id: approval.id });
    // The legacy panel has no reason field: the adjustment says where it came from (the member reads it).
    const adjustment = await t.handle.db
      .selectFrom('ledger_entries')
      .select(['memo', 'amount_cents'])
      .where('user_id', '=', user.id)
      .orderBy('seq', 'desc')
      .executeTakeFirstOrThrow();
    expect(adjustment).toEqual({ memo: 'Changed through the legacy API', amount_cents: 250 });

    expectErr(
      await legacy(t.app, 'POST', '/user/update', { ...edited, city: 'Faro' }, adminCookie),
      409,
      'This user was changed by someone else. Reload and try again.',
    );
    expectErr(
      await legacy(t.app, 'POST', '/user/update', { ...data, password: 'new password!' }, adminCookie),
      400,
      /password cannot be changed/,
    );
    expectErr(
      await legacy(t.app, 'POST', '/user/update', { ...data, nickname: 'x' }, adminCookie),
      400,
      'Unknown field(s): nickname',
    );
    expectErr(await legacy(t.app, 'POST', '/user/update', { ...data, __v: -1 }, adminCookie), 400, /^__v: /);
    expectErr(await legacy(t.app, 'POST', '/user/update', data, await sessionFor(t, user)), 403);
    const row = await t.handle.db
      .selectFrom('users')
      .select(['city', 'version'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    // The approved adjustment bumped the version once more (a balance change always does).
    expect(row).toEqual({ city: 'Porto', version: data.__v + 1 });
  });

  it('POST /user/update without __v: accepted when the balance stays as it is, 409 when it would change', async () => {
    const user = await insertUser(t.handle.db, { balanceCents: 1000 });
    const all = ok(await legacy(t.app, 'GET', '/user/get_all', undefined, adminCookie)).data;
    const { __v: v0, ...shown } = all.find((u: { _id: string }) => u._id === user.id);
    // The whole object echoed back, balance unchanged, no __v: taken as it is.
    const { data } = ok(await legacy(t.app, 'POST', '/user/update', { ...shown, city: 'Coimbra' }, adminCookie));
    expect(data).toMatchObject({ city: 'Coimbra', accountBallance: 10, __v: v0 + 1 });
    // Without accountBallance at all, too.
    const { accountBallance: _b, ...noBalance } = shown;
    ok(await legacy(t.app, 'POST', '/user/update', { ...noBalance, city: 'Aveiro' }, adminCookie));
    // A balance change without __v is refused, and nothing of the body is written.
    expectErr(
      await legacy(t.app, 'POST', '/user/update', { ...shown, city: 'Faro', accountBallance: 11 }, adminCookie),
      409,
      /^Changing a balance needs the user's current version \(__v/,
    );
    const row = await t.handle.db
      .selectFrom('users')
      .select(['city', balanceCentsColumn(), 'version'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ city: 'Aveiro', balance_cents: 1000, version: v0 + 2 });
  });

  it('POST /user/update: exact amounts only, and an admin cannot set their own accountBallance (403)', async () => {
    const user = await insertUser(t.handle.db, { balanceCents: 1000 });
    const all = ok(await legacy(t.app, 'GET', '/user/get_all', undefined, adminCookie)).data;
    const shown = all.find((u: { _id: string }) => u._id === user.id);
    for (const accountBallance of [0.1 + 0.2, 10.000000001, 1e-7]) {
      expectErr(
        await legacy(t.app, 'POST', '/user/update', { ...shown, accountBallance }, adminCookie),
        400,
        /^accountBallance: Amount can have at most 2 decimals$/,
      );
    }
    const self = ok(await legacy(t.app, 'GET', '/user/private_data', undefined, adminCookie)).user;
    const before = await t.handle.db.selectFrom('ledger_entries').select('id').execute();
    expectErr(
      await legacy(t.app, 'POST', '/user/update', { ...self, accountBallance: 1_000_000 }, adminCookie),
      403,
      'You cannot adjust your own balance. Another administrator must do it.',
    );
    expect(await t.handle.db.selectFrom('ledger_entries').select('id').execute()).toEqual(before);
    const rows = await t.handle.db
      .selectFrom('users')
      .select(['id', balanceCentsColumn(), 'version'])
      .where('id', 'in', [user.id, admin.id])
      .execute();
    expect(rows).toEqual(
      expect.arrayContaining([
        { id: user.id, balance_cents: 1000, version: shown.__v },
        { id: admin.id, balance_cents: 0, version: self.__v },
      ]),
    );
  });

  it('POST /investment_plan/craete (spelt so), GET get_all, GET /:id as a one-element list', async () => {
    const { data: plan } = ok(
      await legacy(t.app, 'POST', '/investment_plan/craete', legacyPlanFields('Legacy Gold'), adminCookie),
      201,
    );
    expect(plan).toMatchObject({ investmentPlanName: 'Legacy Gold', __v: 0 });
    expect(plan).not.toHaveProperty('id');
    expectErr(
      await legacy(
        t.app,
        'POST',
        '/investment_plan/craete',
        legacyPlanFields(),
        await sessionFor(t, await insertUser(t.handle.db)),
      ),
      403,
    );
    expectErr(
      await legacy(t.app, 'POST', '/investment_plan/craete', { ...legacyPlanFields(), bonus: '1' }, adminCookie),
      400,
      'Unknown field(s): bonus',
    );

    const all = ok(await legacy(t.app, 'GET', '/investment_plan/get_all')).data;
    expect(all.map((p: { _id: string }) => p._id)).toContain(plan._id);
    expect(ok(await legacy(t.app, 'GET', `/investment_plan/${plan._id}`))).toEqual({ data: [plan] });
    expectErr(
      await legacy(t.app, 'GET', '/investment_plan/00000000-0000-4000-8000-000000000000'),
      404,
      'Investment plan not found.',
    );
    expectErr(await legacy(t.app, 'GET', '/investment_plan/64b7f0c2e1a2b3c4d5e6f708'), 400, /^_id: /);
  });

  it('POST /investment_plan/craete reads the text fields into terms; unreadable text is a 400 naming the field', async () => {
    const { data: plan } = ok(
      await legacy(
        t.app,
        'POST',
        '/investment_plan/craete',
        {
          ...legacyPlanFields('Legacy Text'),
          interestRate: '7',
          investmentLimit: '1000-4999',
          investmentDuration: '2 years',
        },
        adminCookie,
      ),
      201,
    );
    // The text is shown as derived from the terms; capitalGrowth and totalReturn are computed, not taken.
    expect(plan).toMatchObject({
      interestRate: '7%',
      investmentLimit: '$1,000 - $4,999',
      returns: 'Monthly',
      investmentDuration: '2',
      capitalGrowth: '14%',
      totalReturn: '$5,699',
      annualRateBps: 700,
      minAmount: 1000,
      maxAmount: 4999,
      termMonths: 24,
      payoutFrequency: 'monthly',
    });
    const create = (over: Record<string, unknown>) =>
      legacy(t.app, 'POST', '/investment_plan/craete', { ...legacyPlanFields(), ...over }, adminCookie);
    expectErr(
      await create({ interestRate: 'seven percent' }),
      400,
      /^interestRate: Cannot read "seven percent" as a rate/,
    );
    expectErr(
      await create({ investmentLimit: 'lots' }),
      400,
      /^investmentLimit: Cannot read "lots" as an amount range/,
    );
    expectErr(await create({ returns: 'Weekly' }), 400, /^returns: Cannot read "Weekly" as a payout frequency/);
    expectErr(await create({ investmentDuration: '0.4' }), 400, /^investmentDuration: .*whole number of months/);
    expectErr(
      await create({ investmentLimit: '$999 - $100' }),
      400,
      /^investmentLimit: The maximum amount must be at least/,
    );
    expectErr(
      await create({ returns: 'Yearly', investmentDuration: '0.5' }),
      400,
      /^returns: Yearly payouts need a term/,
    );
    const { interestRate: _r, ...noRate } = legacyPlanFields();
    expectErr(
      await legacy(t.app, 'POST', '/investment_plan/craete', noRate, adminCookie),
      400,
      'interestRate: is required',
    );
  });

  it('POST /investment_plan/update takes the fields plus _id (and __v, refused when stale)', async () => {
    const { data: plan } = ok(
      await legacy(t.app, 'POST', '/investment_plan/craete', legacyPlanFields('Legacy Silver'), adminCookie),
      201,
    );
    const { data } = ok(
      await legacy(t.app, 'POST', '/investment_plan/update', { ...plan, riskLevel: 'High' }, adminCookie),
    );
    expect(data).toEqual({ ...plan, riskLevel: 'High', __v: 1 });
    expectErr(
      await legacy(t.app, 'POST', '/investment_plan/update', { ...plan, riskLevel: 'Low' }, adminCookie),
      409,
      'This plan was changed by someone else. Reload and try again.',
    );
    const { __v: _v, ...noVersion } = data;
    expect(
      ok(await legacy(t.app, 'POST', '/investment_plan/update', { ...noVersion, returns: 'Yearly' }, adminCookie)).data
        .__v,
    ).toBe(2);
    expectErr(await legacy(t.app, 'POST', '/investment_plan/update', { riskLevel: 'Low' }, adminCookie), 400, /^_id: /);
    const { data: faster } = ok(
      await legacy(t.app, 'POST', '/investment_plan/update', { _id: plan._id, interestRate: '6.5 %' }, adminCookie),
    );
    expect(faster).toMatchObject({ interestRate: '6.5%', annualRateBps: 650, returns: 'Yearly', __v: 3 });
    expectErr(
      await legacy(t.app, 'POST', '/investment_plan/update', { _id: plan._id, returns: 'Fortnightly' }, adminCookie),
      400,
      /^returns: /,
    );
  });

  it('the risk level: legacy words read onto the scale, answered in readable English; other text refused (400)', async () => {
    const { data: plan } = ok(
      await legacy(
        t.app,
        'POST',
        '/investment_plan/craete',
        { ...legacyPlanFields('Legacy Risk'), riskLevel: ' MODERATE ' },
        adminCookie,
      ),
      201,
    );
    expect(plan.riskLevel).toBe('Medium');
    expect(plan).not.toHaveProperty('riskLevelUnmapped');
    const { data: listed } = ok(await legacy(t.app, 'GET', `/investment_plan/${plan._id}`));
    expect(listed[0]).toMatchObject({ riskLevel: 'Medium' });
    expectErr(
      await legacy(
        t.app,
        'POST',
        '/investment_plan/craete',
        { ...legacyPlanFields('Legacy Vague'), riskLevel: 'Low to medium' },
        adminCookie,
      ),
      400,
      'riskLevel: must be one of Very low, Low, Medium, High, Very high (or very_low, low, medium, high, very_high)',
    );
    const { riskLevel: _risk, ...noRisk } = legacyPlanFields('Legacy No Risk');
    expectErr(
      await legacy(t.app, 'POST', '/investment_plan/craete', noRisk, adminCookie),
      400,
      'riskLevel: is required',
    );
    // A plan still waiting for a level (#34's migration kept its text) answers that text to an admin, and an
    // edit screen echoing it back changes nothing about the risk. Anyone else reads no risk: never the old text.
    await t.handle.db
      .updateTable('plans')
      .set({ risk_level: null, risk_level_unmapped: 'Low to medium' })
      .where('id', '=', plan._id)
      .execute();
    const { data: seen } = ok(await legacy(t.app, 'GET', `/investment_plan/${plan._id}`));
    expect(seen[0]).toMatchObject({ riskLevel: '' });
    const { data: all } = ok(await legacy(t.app, 'GET', '/investment_plan/get_all'));
    expect(JSON.stringify(all)).not.toContain('Low to medium');
    const { data: waiting } = ok(await legacy(t.app, 'GET', `/investment_plan/${plan._id}`, undefined, adminCookie));
    expect(waiting[0]).toMatchObject({ riskLevel: 'Low to medium' });
    const { data: renamed } = ok(
      await legacy(
        t.app,
        'POST',
        '/investment_plan/update',
        { ...waiting[0], investmentPlanName: 'Legacy Risk 2' },
        adminCookie,
      ),
    );
    expect(renamed).toMatchObject({ investmentPlanName: 'Legacy Risk 2', riskLevel: 'Low to medium' });
    const { data: chosen } = ok(
      await legacy(t.app, 'POST', '/investment_plan/update', { _id: plan._id, riskLevel: 'very high' }, adminCookie),
    );
    expect(chosen.riskLevel).toBe('Very high');
  });

  it('a legacy plan whose text cannot be read: closed for investing, still renamed through update', async () => {
    const id = '11111111-1111-4111-8111-111111111111';
    await t.handle.db
      .insertInto('plans')
      .values({
        id,
        investment_plan_name: 'Odd',
        interest_rate: 'up to 12%',
        investment_limit: '$100+',
        returns: 'Monthly',
        investment_duration: '1',
        capital_growth: 'a lot',
        risk_level: 'low',
        total_return: 'varies',
      })
      .execute();
    const [odd] = ok(await legacy(t.app, 'GET', `/investment_plan/${id}`)).data;
    expect(odd).toMatchObject({ interestRate: 'up to 12%', annualRateBps: null, openForInvesting: false });
    const { data } = ok(
      await legacy(
        t.app,
        'POST',
        '/investment_plan/update',
        { ...odd, investmentPlanName: 'Odd renamed' },
        adminCookie,
      ),
    );
    expect(data).toEqual({ ...odd, investmentPlanName: 'Odd renamed', __v: 1 });
    expectErr(
      await legacy(t.app, 'POST', '/investment_plan/update', { ...data, interestRate: 'up to 15%' }, adminCookie),
      400,
      /^interestRate: Cannot read "up to 15%"/,
    );
    // Giving every term in readable text opens it.
    const { data: fixed } = ok(
      await legacy(
        t.app,
        'POST',
        '/investment_plan/update',
        { ...data, interestRate: '12%', investmentLimit: '$100 - $5,000' },
        adminCookie,
      ),
    );
    expect(fixed).toMatchObject({
      interestRate: '12%',
      investmentLimit: '$100 - $5,000',
      totalReturn: '$5,600',
      openForInvesting: true,
    });
  });

  it('POST /accountsNumber/update and GET /accountsNumber/<any id> answering data[0]', async () => {
    const userCookie = await sessionFor(t, await insertUser(t.handle.db));
    expectErr(
      await legacy(t.app, 'GET', '/accountsNumber/5f1b2c3d4e5f6a7b8c9d0e1f', undefined, userCookie),
      404,
      /not been set up yet/,
    );
    const details = { accountNumber: '0123456789', bankName: 'Legacy Bank', accountHolder: 'Vestora Ltd' };
    // A change is a proposal (#27): the record as it is plus the pending proposal; a second admin approves.
    const proposed = ok(await legacy(t.app, 'POST', '/accountsNumber/update', details, adminCookie)).data;
    expect(proposed.approval).toMatchObject({ status: 'pending' });
    await callerAs(t, second).approval.approve({ id: proposed.approval.id });
    const data = ok(await legacy(t.app, 'GET', '/accountsNumber/x', undefined, userCookie)).data[0];
    expect(data).toMatchObject(details);
    // The legacy screen sends the record it showed back, _id and all.
    const renamed = ok(
      await legacy(t.app, 'POST', '/accountsNumber/update', { ...data, bankName: 'Renamed Bank' }, adminCookie),
    ).data;
    expect(renamed).toMatchObject({ bankName: 'Legacy Bank', approval: { status: 'pending' } });
    await callerAs(t, second).approval.approve({ id: renamed.approval.id });
    for (const id of ['5f1b2c3d4e5f6a7b8c9d0e1f', 'anything']) {
      const res = ok(await legacy(t.app, 'GET', `/accountsNumber/${id}`, undefined, userCookie));
      expect(res.data).toHaveLength(1);
      expect(res.data[0]).toMatchObject({ ...details, bankName: 'Renamed Bank' });
    }
    expectErr(await legacy(t.app, 'POST', '/accountsNumber/update', details, userCookie), 403);
    expectErr(await legacy(t.app, 'GET', '/accountsNumber/anything'), 401);
  });

  it('GET /referral/:id answers referralCode and referralLink to that user or an admin', async () => {
    const user = await insertUser(t.handle.db);
    const { data } = ok(await legacy(t.app, 'GET', `/referral/${user.id}`, undefined, await sessionFor(t, user)));
    expect(data).toMatchObject({
      referralCode: user.referral_code,
      referralLink: `http://vestora.test/create-account?ref=${user.referral_code}`,
    });
    expect(ok(await legacy(t.app, 'GET', `/referral/${user.id}`, undefined, adminCookie)).data.referralCode).toBe(
      user.referral_code,
    );
    expectErr(
      await legacy(t.app, 'GET', `/referral/${user.id}`, undefined, await sessionFor(t, await insertUser(t.handle.db))),
      403,
    );
    expectErr(await legacy(t.app, 'GET', `/referral/${user.id}`), 401);
  });

  it('checks the caller before the body: an anonymous bad body is 401, a user gets 403, never a field list', async () => {
    // #17: an anonymous `craete` with a bad body used to get a 400 describing the plan's fields.
    const bad = { name: '', bogus: true };
    const anonymous = await legacy(t.app, 'POST', '/investment_plan/craete', bad);
    expectErr(anonymous, 401, 'Please sign in to continue.');
    const user = await sessionFor(t, await insertUser(t.handle.db));
    expectErr(
      await legacy(t.app, 'POST', '/investment_plan/craete', bad, user),
      403,
      'Only an administrator can do this.',
    );
    expectErr(await legacy(t.app, 'POST', '/user/update', bad), 401, 'Please sign in to continue.');
    // An admin's bad body is still a 400 naming the fields.
    expect((await legacy(t.app, 'POST', '/investment_plan/craete', bad, adminCookie)).statusCode).toBe(400);
  });

  it('answers unknown paths and malformed JSON with a JSON err', async () => {
    expectErr(await legacy(t.app, 'GET', '/user/nothing_here'), 404, 'No such endpoint: GET /api/v1/user/nothing_here');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expectErr(res, 400, 'The request body is not valid JSON.');
  });

  it('no legacy response carries a password or hash, even a login that echoes user data', async () => {
    const user = await insertUser(t.handle.db);
    ok(await legacy(t.app, 'POST', '/user/login', { email: user.email, password: TEST_PASSWORD }));
  });

  it('GET /openapi.json is an OpenAPI 3.1 document listing exactly the routes Fastify serves under /api/v1', async () => {
    expect(doc).toMatchObject({ openapi: '3.1.0', servers: [{ url: '/api/v1' }] });
    const documented = documentedRoutes(doc);
    expect(registeredRoutes(t.app, '/api/v1')).toEqual(documented);
    expect(new Set(documented).size).toBe(documented.length);
    expect(documented).toEqual(expect.arrayContaining(['POST /api/v1/user/update', 'GET /api/v1/investment_plan/:id']));
    // The legacy vocabulary is what the document shows: accountBallance, _id and __v, never balance.
    const userUpdate = doc.paths['/user/update']!.post!;
    const body = userUpdate.requestBody!.content['application/json']!.schema as {
      properties: object;
      required: string[];
    };
    expect(Object.keys(body.properties)).toEqual(expect.arrayContaining(['_id', '__v', 'accountBallance']));
    expect(body.properties).not.toHaveProperty('balance');
    expect(body.required).toEqual(['_id']);
    expect(Object.keys(userUpdate.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '404', '409', '500']),
    );
    // The document itself is an answer too (not through ok(): its schemas name the password fields).
    checker.expectDocumented(await legacy(t.app, 'GET', '/openapi.json'));
  });

  it('every route’s success answer above validated against its documented schema', () => {
    const jsonOperations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, op]) => Object.values(op.responses).some((r) => r.content?.['application/json']))
        .filter(([, op]) =>
          Object.keys(op.responses).some((s) => Number(s) < 400 && op.responses[s]!.content?.['application/json']),
        )
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect([...checker.validatedSuccess].sort()).toEqual(jsonOperations.sort());
  });

  it('GET /docs is a self-contained HTML page of the document: every route, no scripts, nothing external', async () => {
    const res = await legacy(t.app, 'GET', '/docs');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    for (const route of documentedRoutes(doc)) {
      const [method, path] = route.split(' ');
      expect(html).toContain(`${method} ${path!.replace(/:(\w+)/g, '{$1}')}`);
    }
    expect(html).not.toMatch(/<script|<link|src=|https?:\/\//i);
    expect(html).toContain('accountBallance');
  });
});
