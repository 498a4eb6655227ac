// The member's language and colour theme (#22), saved on the account: the web client starts in them, and the
// server writes e-mails, notifications and statements in the language.
import type { TLocale, TTheme } from '@vestora/contract';
import type { Database } from '../../db/create-db.ts';
import { updateUserLocale, updateUserTheme } from './user.repo.ts';

/** user.setLocale: saves the language; answers it. */
export async function setLocale(db: Database, userId: string, locale: TLocale): Promise<{ locale: TLocale }> {
  await updateUserLocale(db, userId, locale);
  return { locale };
}

/** user.setTheme: saves the theme; answers it. */
export async function setTheme(db: Database, userId: string, theme: TTheme): Promise<{ theme: TTheme }> {
  await updateUserTheme(db, userId, theme);
  return { theme };
}
