import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../src/test/factories.ts';
import { startTestApp, type TestApp } from '../src/test/harness.ts';
import { planFields } from './support/fixtures.ts';
import { sessionFor, trpcData, trpcError, trpcMutation, trpcQuery } from './support/http.ts';

describe('plan procedures through /trpc', () => {
  let t: TestApp;
  let adminCookie: string;
  let userCookie: string;
  beforeAll(async () => {
    t = await startTestApp();
    adminCookie = await sessionFor(t, await insertUser(t.handle.db, { accountType: 'admin' }));
    userCookie = await sessionFor(t, await insertUser(t.handle.db));
  });
  afterAll(() => t.close());

  const audits = (id: string) =>
    t.handle.db
      .selectFrom('audit_log')
      .select(['action', 'before', 'after'])
      .where('entity_id', '=', id)
      .orderBy('seq')
      .execute();

  it('an admin creates a plan (description and image may be left out), audited; plan.list shows it in order', async () => {
    const { investmentPlanDescription: _d, investmentPlanImage: _i, ...fields } = planFields('Alpha');
    const first = trpcData(await trpcMutation(t.app, 'plan.create', fields, adminCookie));
    expect(first).toMatchObject({ ...fields, investmentPlanDescription: '', investmentPlanImage: '', version: 0 });
    const second = trpcData(await trpcMutation(t.app, 'plan.create', planFields('Beta'), adminCookie));
    const list = trpcData<{ id: string }[]>(await trpcQuery(t.app, 'plan.list'));
    expect(list.map((p) => p.id)).toEqual([first.id, second.id]);
    expect(await audits(first.id)).toEqual([{ action: 'plan.create', before: null, after: first }]);
  });

  it('plan.byId answers one plan by GET with a urlencoded JSON input, 404 for an unknown id, 400 for a bad one', async () => {
    const created = trpcData(await trpcMutation(t.app, 'plan.create', planFields('Gamma'), adminCookie));
    expect(trpcData(await trpcQuery(t.app, 'plan.byId', { id: created.id }))).toEqual(created);
    const missing = await trpcQuery(t.app, 'plan.byId', { id: '00000000-0000-4000-8000-000000000000' });
    expect(trpcError(missing)).toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'Investment plan not found.' });
    expect(trpcError(await trpcQuery(t.app, 'plan.byId', { id: 'abc' }))).toMatchObject({
      status: 400,
      message: 'id: id must be a valid id',
    });
    expect(trpcError(await trpcQuery(t.app, 'plan.byId'))).toMatchObject({ status: 400 });
  });

  it('refuses unknown keys, missing fields and over-long values with 400 and creates nothing', async () => {
    const before = trpcData<unknown[]>(await trpcQuery(t.app, 'plan.list')).length;
    const unknown = await trpcMutation(t.app, 'plan.create', { ...planFields(), featured: true }, adminCookie);
    expect(trpcError(unknown)).toMatchObject({ status: 400, message: 'Unknown field(s): featured' });
    const { riskLevel: _r, ...missing } = planFields();
    expect(trpcError(await trpcMutation(t.app, 'plan.create', missing, adminCookie)).message).toBe(
      'riskLevel: Risk level is required',
    );
    const long = await trpcMutation(t.app, 'plan.create', { ...planFields(), returns: 'x'.repeat(51) }, adminCookie);
    expect(trpcError(long).message).toBe('returns: Returns must be at most 50 characters');
    expect(trpcData<unknown[]>(await trpcQuery(t.app, 'plan.list'))).toHaveLength(before);
  });

  it('plan.update changes the given fields, bumps the version, refuses a stale version with 409', async () => {
    const plan = trpcData(await trpcMutation(t.app, 'plan.create', planFields('Delta'), adminCookie));
    const updated = trpcData(
      await trpcMutation(t.app, 'plan.update', { id: plan.id, version: 0, riskLevel: 'High' }, adminCookie),
    );
    expect(updated).toEqual({ ...plan, riskLevel: 'High', version: 1 });
    const stale = await trpcMutation(t.app, 'plan.update', { id: plan.id, version: 0, riskLevel: 'Low' }, adminCookie);
    expect(trpcError(stale)).toMatchObject({
      status: 409,
      message: 'This plan was changed by someone else. Reload and try again.',
    });
    // Without a version the edit applies to whatever is current (the legacy editor sends none).
    const noVersion = trpcData(
      await trpcMutation(t.app, 'plan.update', { id: plan.id, returns: 'Yearly' }, adminCookie),
    );
    expect(noVersion).toMatchObject({ riskLevel: 'High', returns: 'Yearly', version: 2 });
    expect((await audits(plan.id)).map((a) => a.action)).toEqual(['plan.create', 'plan.update', 'plan.update']);
    const missing = await trpcMutation(
      t.app,
      'plan.update',
      { id: '00000000-0000-4000-8000-000000000000', returns: 'x' },
      adminCookie,
    );
    expect(trpcError(missing).status).toBe(404);
  });

  it('plan.delete removes the plan with an audit entry; a second delete is 404', async () => {
    const plan = trpcData(await trpcMutation(t.app, 'plan.create', planFields('Epsilon'), adminCookie));
    expect(trpcData(await trpcMutation(t.app, 'plan.delete', { id: plan.id }, adminCookie))).toEqual({ ok: true });
    expect(trpcError(await trpcQuery(t.app, 'plan.byId', { id: plan.id })).status).toBe(404);
    expect(trpcError(await trpcMutation(t.app, 'plan.delete', { id: plan.id }, adminCookie)).status).toBe(404);
    expect((await audits(plan.id)).at(-1)).toMatchObject({ action: 'plan.delete', before: plan, after: null });
  });

  it('a plain user cannot create, update or delete (403), and nothing changes', async () => {
    const plan = trpcData(await trpcMutation(t.app, 'plan.create', planFields('Zeta'), adminCookie));
    expect(trpcError(await trpcMutation(t.app, 'plan.create', planFields(), userCookie)).status).toBe(403);
    expect(
      trpcError(await trpcMutation(t.app, 'plan.update', { id: plan.id, riskLevel: 'x' }, userCookie)).status,
    ).toBe(403);
    expect(trpcError(await trpcMutation(t.app, 'plan.delete', { id: plan.id }, userCookie)).status).toBe(403);
    expect(trpcData(await trpcQuery(t.app, 'plan.byId', { id: plan.id }))).toEqual(plan);
  });
});
