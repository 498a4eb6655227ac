import {
  ZKycApplicationDetail,
  ZKycIdInput,
  ZKycQueue,
  ZKycReviewInput,
  ZKycReviewResult,
  ZKycStatus,
  ZKycSubmitInput,
  ZKycSubmitResult,
} from '@vestora/contract';
import { adminProcedure, protectedProcedure, router } from '../../trpc/init.ts';
import { kycApplication, kycQueue } from './kyc.admin.ts';
import { reviewApplication } from './kyc.review.ts';
import { submitApplication } from './kyc.service.ts';
import { kycStatus } from './kyc.status.ts';

/** #33: identity tiers: a member submits and reads their status; admins review with four eyes. */
export const kycRouter = router({
  submit: protectedProcedure
    .input(ZKycSubmitInput)
    .output(ZKycSubmitResult)
    .mutation(({ ctx, input }) => submitApplication(ctx.deps, ctx.user, input)),
  status: protectedProcedure.output(ZKycStatus).query(({ ctx }) => kycStatus(ctx.deps, ctx.user)),
  queue: adminProcedure.output(ZKycQueue).query(({ ctx }) => kycQueue(ctx.deps)),
  get: adminProcedure
    .input(ZKycIdInput)
    .output(ZKycApplicationDetail)
    .query(({ ctx, input }) => kycApplication(ctx.deps, ctx.user, input.id)),
  review: adminProcedure
    .input(ZKycReviewInput)
    .output(ZKycReviewResult)
    .mutation(({ ctx, input }) => reviewApplication(ctx.deps, ctx.user, input)),
});
