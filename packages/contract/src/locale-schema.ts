import { z } from 'zod';
import { LOCALES, THEMES } from './locale.ts';

// Apart from locale.ts: the public pages' code needs its helpers, and a module that imports zod brings all of zod.
export const ZLocale = z.enum(LOCALES, { error: `Locale must be one of ${LOCALES.join(', ')}` });
export const ZTheme = z.enum(THEMES, { error: `Theme must be one of ${THEMES.join(', ')}` });
