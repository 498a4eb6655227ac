import { z } from 'zod';
import { type LegacyRoute, legacyRoute } from './handler.ts';
import {
  dataOf,
  fromLegacyAccountUpdate,
  toLegacyAccount,
  ZLegacyAccount,
  ZLegacyAccountChange,
  ZLegacyAccountUpdateBody,
} from './legacy-schemas.ts';

/** /api/v1/accountsNumber/*: the platform's one deposit account record. */
export const accountRoutes: LegacyRoute[] = [
  legacyRoute({
    method: 'POST',
    path: '/accountsNumber/update',
    summary: 'Propose new deposit account details',
    description:
      'A change of the deposit account is a proposal (#27): nothing changes until another administrator ' +
      'approves it (approval.approve). The answer is the record as it still is and the pending proposal. An ' +
      'administrator in their first 24 hours is refused (403).',
    access: 'admin',
    body: ZLegacyAccountUpdateBody,
    response: dataOf(ZLegacyAccountChange),
    errors: [403],
    handle: async (caller, { body }) => {
      const { approval, ...account } = await caller.account.update(fromLegacyAccountUpdate(body));
      return { data: { ...toLegacyAccount(account), approval } };
    },
  }),
  // Legacy clients hard-coded an id we do not know: any id answers the one record, as data[0].
  legacyRoute({
    method: 'GET',
    path: '/accountsNumber/:id',
    summary: 'The deposit account details, as a one-element list',
    description: 'Any id answers the one record.',
    access: 'signed-in',
    response: dataOf(z.array(ZLegacyAccount)),
    errors: [404],
    handle: async (caller) => ({ data: [toLegacyAccount(await caller.account.get())] }),
  }),
];
