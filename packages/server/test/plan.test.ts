import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../src/test/factories.ts';
import { startTestApp, type TestApp } from '../src/test/harness.ts';
import { PLAN_FIELDS_TEXT, planFields } from './support/fixtures.ts';
import { sessionFor, trpcData, trpcError, trpcMutation, trpcQuery } from './support/http.ts';
import type { TPlan } from '@vestora/contract';

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

  it('an admin creates a plan from its terms (description and image may be left out), audited; plan.list shows it in order', async () => {
    const { investmentPlanDescription: _d, investmentPlanImage: _i, ...fields } = planFields('Alpha');
    const first = trpcData(await trpcMutation(t.app, 'plan.create', fields, adminCookie));
    // The legacy text is derived from the terms.
    expect(first).toMatchObject({
      ...fields,
      ...PLAN_FIELDS_TEXT,
      investmentPlanDescription: '',
      investmentPlanImage: '',
      version: 0,
      status: 'active',
      openForInvesting: true,
    });
    const second = trpcData(await trpcMutation(t.app, 'plan.create', planFields('Beta'), adminCookie));
    const list = trpcData<{ id: string }[]>(await trpcQuery(t.app, 'plan.list'));
    expect(list.map((p) => p.id)).toEqual([first.id, second.id]);
    expect(await audits(first.id)).toEqual([{ action: 'plan.create', before: null, after: first }]);
  });

  it('derives the cards text from the terms: Silver is 7%, $1,000 - $4,999, Monthly, 2 years, 14%, $5,699', async () => {
    const silver = trpcData(
      await trpcMutation(
        t.app,
        'plan.create',
        {
          ...planFields('Silver'),
          annualRateBps: 700,
          minAmount: 1000,
          maxAmount: 4999,
          termMonths: 24,
          capacity: 250_000.5,
        },
        adminCookie,
      ),
    );
    expect(silver).toMatchObject({
      interestRate: '7%',
      investmentLimit: '$1,000 - $4,999',
      returns: 'Monthly',
      investmentDuration: '2',
      capitalGrowth: '14%',
      totalReturn: '$5,699',
      minAmount: 1000,
      maxAmount: 4999,
      capacity: 250_000.5,
    });
    const row = await t.handle.db
      .selectFrom('plans')
      .select(['min_amount_cents', 'max_amount_cents', 'capacity_cents', 'annual_rate_bps'])
      .where('id', '=', silver.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      min_amount_cents: 100_000,
      max_amount_cents: 499_900,
      capacity_cents: 25_000_050,
      annual_rate_bps: 700,
    });
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

  it('refuses unknown keys, missing fields, over-long values and inconsistent terms with 400 and creates nothing', async () => {
    const before = trpcData<unknown[]>(await trpcQuery(t.app, 'plan.list')).length;
    const create = async (input: unknown) => trpcError(await trpcMutation(t.app, 'plan.create', input, adminCookie));
    expect(await create({ ...planFields(), featured: true })).toMatchObject({
      status: 400,
      message: 'Unknown field(s): featured',
    });
    const { riskLevel: _r, ...missing } = planFields();
    expect((await create(missing)).message).toBe('riskLevel: Risk level is required');
    // The risk is a level on the scale (#34): free text, even a known word in another case, is refused.
    expect((await create({ ...planFields(), riskLevel: 'Low to medium' })).message).toBe(
      'riskLevel: Choose a risk level: very_low, low, medium, high, very_high',
    );
    // The legacy text is no longer an input of the procedure.
    expect((await create({ ...planFields(), returns: 'Monthly' })).message).toBe('Unknown field(s): returns');
    expect((await create({ ...planFields(), minAmount: 1000, maxAmount: 999 })).message).toBe(
      'maxAmount: The maximum amount must be at least the minimum amount',
    );
    expect((await create({ ...planFields(), payoutFrequency: 'quarterly', termMonths: 10 })).message).toBe(
      'payoutFrequency: Quarterly payouts need a term in whole multiples of 3 months (the term is 10 months)',
    );
    expect((await create({ ...planFields(), minAmount: 100.001 })).message).toMatch(
      /^minAmount: Amount can have at most 2 decimals/,
    );
    expect((await create({ ...planFields(), annualRateBps: 10_001 })).message).toBe(
      'annualRateBps: The rate must be at most 100%',
    );
    expect(trpcData<unknown[]>(await trpcQuery(t.app, 'plan.list'))).toHaveLength(before);
  });

  it('plan.update changes the given fields, bumps the version, refuses a stale version with 409', async () => {
    const plan = trpcData(
      await trpcMutation(
        t.app,
        'plan.create',
        { ...planFields('Delta'), investmentPlanDescription: 'Kept' },
        adminCookie,
      ),
    );
    const updated = trpcData(
      await trpcMutation(t.app, 'plan.update', { id: plan.id, version: 0, riskLevel: 'high' }, adminCookie),
    );
    expect(updated).toEqual({ ...plan, riskLevel: 'high', version: 1 });
    const stale = await trpcMutation(t.app, 'plan.update', { id: plan.id, version: 0, riskLevel: 'low' }, adminCookie);
    expect(trpcError(stale)).toMatchObject({
      status: 409,
      message: 'This plan was changed by someone else. Reload and try again.',
    });
    // Without a version the edit applies to whatever is current (the legacy editor sends none).
    const noVersion = trpcData(
      await trpcMutation(t.app, 'plan.update', { id: plan.id, payoutFrequency: 'yearly' }, adminCookie),
    );
    expect(noVersion).toMatchObject({
      riskLevel: 'high',
      returns: 'Yearly',
      investmentPlanDescription: 'Kept',
      version: 2,
    });
    expect((await audits(plan.id)).map((a) => a.action)).toEqual(['plan.create', 'plan.update', 'plan.update']);
    const missing = await trpcMutation(
      t.app,
      'plan.update',
      { id: '00000000-0000-4000-8000-000000000000', riskLevel: 'medium' },
      adminCookie,
    );
    expect(trpcError(missing).status).toBe(404);
  });

  it('plan.update re-derives the text and checks the terms as they will be after the change', async () => {
    const plan = trpcData(await trpcMutation(t.app, 'plan.create', planFields('Eta'), adminCookie));
    const faster = trpcData(await trpcMutation(t.app, 'plan.update', { id: plan.id, annualRateBps: 700 }, adminCookie));
    // 999 × 7% = 69.93 → $1,068.93 → "$1,069".
    expect(faster).toMatchObject({ interestRate: '7%', capitalGrowth: '7%', totalReturn: '$1,069', termMonths: 12 });
    const bad = await trpcMutation(t.app, 'plan.update', { id: plan.id, minAmount: 5000 }, adminCookie);
    expect(trpcError(bad)).toMatchObject({
      status: 400,
      message: 'maxAmount: The maximum amount must be at least the minimum amount',
    });
    const yearly = await trpcMutation(
      t.app,
      'plan.update',
      { id: plan.id, termMonths: 18, payoutFrequency: 'yearly' },
      adminCookie,
    );
    expect(trpcError(yearly).message).toBe(
      'payoutFrequency: Yearly payouts need a term in whole multiples of 12 months (the term is 18 months)',
    );
    expect(trpcData(await trpcQuery(t.app, 'plan.byId', { id: plan.id }))).toEqual(faster);
  });

  it('a plan whose old risk text named no level keeps it until an admin chooses one; a change of terms asks for it', async () => {
    const plan = trpcData(await trpcMutation(t.app, 'plan.create', planFields('Theta'), adminCookie));
    // As the #34 migration leaves a plan typed "Low to medium".
    await t.handle.db
      .updateTable('plans')
      .set({ risk_level: null, risk_level_unmapped: 'Low to medium' })
      .where('id', '=', plan.id)
      .execute();
    const waiting = trpcData(await trpcQuery(t.app, 'plan.byId', { id: plan.id }, adminCookie));
    expect(waiting).toMatchObject({ riskLevel: null, riskLevelUnmapped: 'Low to medium', openForInvesting: true });
    // Members and visitors never get the old English text (the page says "not yet graded" in their language).
    for (const cookie of [userCookie, undefined]) {
      const one = trpcData(await trpcQuery(t.app, 'plan.byId', { id: plan.id }, cookie));
      expect(one).toMatchObject({ riskLevel: null, riskLevelUnmapped: null, openForInvesting: true });
      const listed = trpcData<TPlan[]>(await trpcQuery(t.app, 'plan.list', undefined, cookie)).find(
        (p) => p.id === plan.id,
      );
      expect(listed).toMatchObject({ riskLevel: null, riskLevelUnmapped: null });
      expect(JSON.stringify(listed)).not.toContain('Low to medium');
    }
    const adminList = trpcData<TPlan[]>(await trpcQuery(t.app, 'plan.list', undefined, adminCookie));
    expect(adminList.find((p) => p.id === plan.id)).toMatchObject({ riskLevelUnmapped: 'Low to medium' });
    const rate = await trpcMutation(t.app, 'plan.update', { id: plan.id, annualRateBps: 600 }, adminCookie);
    expect(trpcError(rate)).toMatchObject({ status: 400, message: 'riskLevel: Risk level is required' });
    // A rename alone leaves the kept text as it is.
    const renamed = trpcData(
      await trpcMutation(t.app, 'plan.update', { id: plan.id, investmentPlanName: 'Theta 2' }, adminCookie),
    );
    expect(renamed).toMatchObject({ riskLevel: null, riskLevelUnmapped: 'Low to medium' });
    const chosen = trpcData(
      await trpcMutation(t.app, 'plan.update', { id: plan.id, annualRateBps: 600, riskLevel: 'medium' }, adminCookie),
    );
    expect(chosen).toMatchObject({ riskLevel: 'medium', riskLevelUnmapped: null, annualRateBps: 600 });
    const [, , last] = await audits(plan.id);
    expect(last).toMatchObject({
      action: 'plan.update',
      before: { riskLevel: null, riskLevelUnmapped: 'Low to medium' },
      after: { riskLevel: 'medium', riskLevelUnmapped: null },
    });
  });

  it('plan.delete removes the plan with an audit entry; a second delete is 404', async () => {
    const plan = trpcData(await trpcMutation(t.app, 'plan.create', planFields('Epsilon'), adminCookie));
    expect(trpcData(await trpcMutation(t.app, 'plan.delete', { id: plan.id }, adminCookie))).toEqual({
      ok: true,
      outcome: 'deleted',
      message: 'The plan was deleted.',
    });
    expect(trpcError(await trpcQuery(t.app, 'plan.byId', { id: plan.id })).status).toBe(404);
    expect(trpcError(await trpcMutation(t.app, 'plan.delete', { id: plan.id }, adminCookie)).status).toBe(404);
    expect((await audits(plan.id)).at(-1)).toMatchObject({ action: 'plan.delete', before: plan, after: null });
  });

  it('plan.delete archives a plan with open investments: hidden from the list, still readable, closed for investing', async () => {
    const plan = trpcData(await trpcMutation(t.app, 'plan.create', planFields('Theta'), adminCookie));
    const investor = await sessionFor(t, await insertUser(t.handle.db, { balanceCents: 100_000_000 }));
    for (const key of ['theta-open-1', 'theta-open-2', 'theta-open-3']) {
      const opened = await trpcMutation(
        t.app,
        'investment.open',
        { planId: plan.id, amount: plan.minAmount, idempotencyKey: key },
        investor,
      );
      expect(trpcData(opened)).toMatchObject({ planId: plan.id, status: 'active' });
    }
    const withPositions = trpcData(await trpcQuery(t.app, 'plan.byId', { id: plan.id }));
    const res = trpcData(await trpcMutation(t.app, 'plan.delete', { id: plan.id }, adminCookie));
    expect(res).toEqual({
      ok: true,
      outcome: 'archived',
      message:
        'The plan has 3 open investments, so it was archived instead of deleted: it is hidden from the list and takes no new investments, and its investments run to the end of their term.',
    });
    const archived = trpcData(await trpcQuery(t.app, 'plan.byId', { id: plan.id }));
    expect(archived).toEqual({ ...withPositions, status: 'archived', openForInvesting: false, version: 1 });
    const ids = (r: { id: string }[]) => r.map((p) => p.id);
    expect(ids(trpcData(await trpcQuery(t.app, 'plan.list')))).not.toContain(plan.id);
    expect(ids(trpcData(await trpcQuery(t.app, 'plan.list', { includeArchived: true }, adminCookie)))).toContain(
      plan.id,
    );
    expect(trpcError(await trpcQuery(t.app, 'plan.list', { includeArchived: true }, userCookie)).status).toBe(403);
    expect((await audits(plan.id)).at(-1)).toMatchObject({
      action: 'plan.archive',
      before: withPositions,
      after: archived,
    });
    // An edit to an archived plan keeps it closed.
    const edited = trpcData(await trpcMutation(t.app, 'plan.update', { id: plan.id, annualRateBps: 600 }, adminCookie));
    expect(edited).toMatchObject({ status: 'archived', openForInvesting: false, interestRate: '6%' });
  });

  it('plan.pause stops new investments while positions run on; plan.resume opens it again; both audited', async () => {
    const plan = trpcData(await trpcMutation(t.app, 'plan.create', planFields('Pausable'), adminCookie));
    const investor = await sessionFor(t, await insertUser(t.handle.db, { balanceCents: 100_000_000 }));
    const open = (key: string) =>
      trpcMutation(
        t.app,
        'investment.open',
        { planId: plan.id, amount: plan.minAmount, idempotencyKey: key },
        investor,
      );
    const position = trpcData(await open('pause-before'));
    const paused = trpcData(await trpcMutation(t.app, 'plan.pause', { id: plan.id }, adminCookie));
    expect(paused).toMatchObject({ id: plan.id, status: 'paused', openForInvesting: false });
    // Still on the list (shown as paused), refused for new money, the open position untouched.
    const listed = trpcData<{ id: string; status: string }[]>(await trpcQuery(t.app, 'plan.list'));
    expect(listed.find((p) => p.id === plan.id)?.status).toBe('paused');
    const refused = trpcError(await open('pause-during'));
    expect(refused.status).toBe(409);
    expect(refused.message).toBe('This plan is not open for new investments.');
    const mine = trpcData<{ items: { id: string; status: string }[] }>(
      await trpcQuery(t.app, 'investment.list', undefined, investor),
    );
    expect(mine.items.find((i) => i.id === position.id)?.status).toBe('active');
    // Pausing twice, or resuming an active plan, is refused clearly.
    expect(trpcError(await trpcMutation(t.app, 'plan.pause', { id: plan.id }, adminCookie)).message).toBe(
      'Only an active plan can be paused. This plan is paused.',
    );
    const resumed = trpcData(await trpcMutation(t.app, 'plan.resume', { id: plan.id }, adminCookie));
    expect(resumed).toMatchObject({ status: 'active', openForInvesting: true });
    expect(trpcData(await open('pause-after'))).toMatchObject({ planId: plan.id, status: 'active' });
    expect(trpcError(await trpcMutation(t.app, 'plan.resume', { id: plan.id }, adminCookie)).status).toBe(409);
    const actions = (await audits(plan.id)).map((a) => a.action);
    expect(actions.slice(-2)).toEqual(['plan.pause', 'plan.resume']);
    expect((await audits(plan.id)).at(-2)).toMatchObject({ before: { status: 'active' }, after: paused });
    // Admins only.
    expect(trpcError(await trpcMutation(t.app, 'plan.pause', { id: plan.id }, userCookie)).status).toBe(403);
  });

  it('plan.listArchived lists archived plans; plan.restore brings one back to the list, open for investing, audited', async () => {
    const plan = trpcData(await trpcMutation(t.app, 'plan.create', planFields('Restorable'), adminCookie));
    const investor = await sessionFor(t, await insertUser(t.handle.db, { balanceCents: 100_000_000 }));
    await trpcMutation(
      t.app,
      'investment.open',
      { planId: plan.id, amount: plan.minAmount, idempotencyKey: 'restore-open-1' },
      investor,
    );
    expect(trpcData(await trpcMutation(t.app, 'plan.delete', { id: plan.id }, adminCookie))).toMatchObject({
      outcome: 'archived',
    });
    const ids = (r: { id: string }[]) => r.map((p) => p.id);
    const archivedList = trpcData<{ id: string; status: string }[]>(
      await trpcQuery(t.app, 'plan.listArchived', undefined, adminCookie),
    );
    expect(ids(archivedList)).toContain(plan.id);
    expect(archivedList.every((p) => p.status === 'archived')).toBe(true);
    expect(trpcError(await trpcQuery(t.app, 'plan.listArchived', undefined, userCookie)).status).toBe(403);
    expect(trpcError(await trpcMutation(t.app, 'plan.restore', { id: plan.id }, userCookie)).status).toBe(403);

    const restored = trpcData(await trpcMutation(t.app, 'plan.restore', { id: plan.id }, adminCookie));
    expect(restored).toMatchObject({ id: plan.id, status: 'active', openForInvesting: true });
    expect(ids(trpcData(await trpcQuery(t.app, 'plan.list')))).toContain(plan.id);
    expect(ids(trpcData(await trpcQuery(t.app, 'plan.listArchived', undefined, adminCookie)))).not.toContain(plan.id);
    expect((await audits(plan.id)).at(-1)).toMatchObject({
      action: 'plan.restore',
      before: { status: 'archived' },
      after: restored,
    });
    expect(
      trpcData(
        await trpcMutation(
          t.app,
          'investment.open',
          { planId: plan.id, amount: plan.minAmount, idempotencyKey: 'restore-open-2' },
          investor,
        ),
      ),
    ).toMatchObject({ status: 'active' });
    // Restoring an active plan is refused, and an unknown id is a 404.
    expect(trpcError(await trpcMutation(t.app, 'plan.restore', { id: plan.id }, adminCookie)).message).toBe(
      'Only an archived plan can be restored. This plan is active.',
    );
    expect(
      trpcError(await trpcMutation(t.app, 'plan.restore', { id: '00000000-0000-4000-8000-000000000000' }, adminCookie))
        .status,
    ).toBe(404);
  });

  it('a plain user cannot create, update or delete (403), and nothing changes', async () => {
    const plan = trpcData(await trpcMutation(t.app, 'plan.create', planFields('Zeta'), adminCookie));
    expect(trpcError(await trpcMutation(t.app, 'plan.create', planFields(), userCookie)).status).toBe(403);
    expect(
      trpcError(await trpcMutation(t.app, 'plan.update', { id: plan.id, riskLevel: 'medium' }, userCookie)).status,
    ).toBe(403);
    expect(trpcError(await trpcMutation(t.app, 'plan.delete', { id: plan.id }, userCookie)).status).toBe(403);
    expect(trpcData(await trpcQuery(t.app, 'plan.byId', { id: plan.id }))).toEqual(plan);
  });
});
