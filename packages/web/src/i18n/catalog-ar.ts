// Every catalog of this language in one chunk (one request): the web's feature catalogs and the contract's.
import type { Messages } from '@lingui/core';

const modules = {
  ...import.meta.glob<{ messages: Messages }>('../locales/ar/*.po', { eager: true }),
  ...import.meta.glob<{ messages: Messages }>('../../../contract/src/locales/ar.po', {
    eager: true,
    query: '?catalog',
  }),
};

export const messages: Messages = Object.assign({}, ...Object.values(modules).map((m) => m.messages));
