import { router } from '../../trpc/init.ts';

// placeholder: replaced by the module's owner.
export const planRouter = router({});
