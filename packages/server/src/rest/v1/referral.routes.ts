import { type LegacyRoute, legacyRoute } from './handler.ts';
import { dataOf, ZLegacyReferral } from './legacy-schemas.ts';

/** /api/v1/referral/:id: id is the user id. */
export const referralRoutes: LegacyRoute[] = [
  legacyRoute({
    method: 'GET',
    path: '/referral/:id',
    summary: "A user's referral code and link",
    description: 'Answered to that user or an admin.',
    access: 'signed-in',
    response: dataOf(ZLegacyReferral),
    errors: [400, 403, 404],
    fieldNames: { userId: 'id' },
    handle: async (caller, { id }) => ({ data: await caller.referral.get({ userId: id }) }),
  }),
];
