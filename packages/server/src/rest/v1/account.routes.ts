import { z } from 'zod';
import { type LegacyRoute, legacyRoute } from './handler.ts';
import {
  dataOf,
  fromLegacyAccountUpdate,
  toLegacyAccount,
  ZLegacyAccount,
  ZLegacyAccountUpdateBody,
} from './legacy-schemas.ts';

/** /api/v1/accountsNumber/*: the platform's one deposit account record. */
export const accountRoutes: LegacyRoute[] = [
  legacyRoute({
    method: 'POST',
    path: '/accountsNumber/update',
    summary: 'Set the deposit account details',
    access: 'admin',
    body: ZLegacyAccountUpdateBody,
    response: dataOf(ZLegacyAccount),
    handle: async (caller, { body }) => ({
      data: toLegacyAccount(await caller.account.update(fromLegacyAccountUpdate(body))),
    }),
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
