import { initTRPC } from '@trpc/server';
import { formatEnglish, tr } from '@vestora/contract';
import { AppError, type PublicI18n, toPublicError, toPublicI18n } from '../lib/errors.ts';
import { type Context, MAX_BATCH_SIZE } from './context.ts';

const t = initTRPC.context<Context>().create({
  // Never send stack traces, whatever NODE_ENV says.
  isDev: false,
  errorFormatter({ shape, error }) {
    const pub = toPublicError(error);
    // tRPC's own refusal of an oversized batch (maxBatchSize), said with the limit.
    const tooBig = error.code === 'BAD_REQUEST' && error.message === 'Batch call exceeds maximum size';
    const batch = tr('request.batchTooLarge', 'A batch may carry at most {max} calls.', { max: MAX_BATCH_SIZE });
    // The message's id and values (when it has them): the web says it in the reader's language.
    const i18n: PublicI18n | undefined = tooBig ? { id: batch.id, values: batch.values } : toPublicI18n(error);
    return {
      ...shape,
      message: tooBig ? formatEnglish(batch) : pub.message,
      data: { code: shape.data.code, httpStatus: pub.status, path: shape.data.path, ...(i18n ? { i18n } : {}) },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure;

/** Signed in: throws UNAUTHORIZED, passes ctx.user on as non-null. */
export const protectedProcedure = t.procedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new AppError('UNAUTHENTICATED', tr('auth.signInRequired', 'Please sign in to continue.'));
  return next({ ctx: { ...ctx, user: ctx.user } });
});

/** Signed in as an admin: FORBIDDEN (403) for everyone else who is signed in. */
export const adminProcedure = protectedProcedure.use(({ ctx, next }) => {
  if (ctx.user.account_type !== 'admin')
    throw new AppError('FORBIDDEN', tr('auth.adminOnly', 'Only an administrator can do this.'));
  return next({ ctx });
});
