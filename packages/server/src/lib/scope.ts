import { type Msg } from '@vestora/contract';
import { AppError } from './errors.ts';

/** Who is asking: enough of the signed-in user to decide what they may see. */
export interface Viewer {
  id: string;
  account_type: 'user' | 'admin';
}

/**
 * Which user's rows a list may show: admins any (or all), users only their own. A user who names another
 * user gets FORBIDDEN rather than a silently different list, so a client bug cannot look like "no data".
 */
export function scopeToViewer(viewer: Viewer, requested: string | undefined, refusal: Msg): string | undefined {
  if (viewer.account_type === 'admin') return requested;
  if (requested !== undefined && requested !== viewer.id) {
    throw new AppError('FORBIDDEN', refusal);
  }
  return viewer.id;
}
