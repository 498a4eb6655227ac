import type { TPreferences, TUpdatePreferencesInput } from '@vestora/contract';
import type { Database } from '../../db/create-db.ts';
import { readEmailNotifications, writeEmailNotifications } from './user.preferences.repo.ts';

/** What the server keeps for the user: whether notification mail (money moved) is sent. */
export async function getPreferences(db: Database, userId: string): Promise<TPreferences> {
  return { emailNotifications: await readEmailNotifications(db, userId) };
}

/** Changes the preferences; security mail (password, sign-in, two-factor) is sent whatever they say. */
export async function updatePreferences(
  db: Database,
  userId: string,
  input: TUpdatePreferencesInput,
): Promise<TPreferences> {
  return { emailNotifications: await writeEmailNotifications(db, userId, input.emailNotifications) };
}
