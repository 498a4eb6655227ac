import { ZDataExport, ZDataExportLink, ZDataExportLinkInput } from '@vestora/contract';
import { z } from 'zod';
import { protectedProcedure, router } from '../../trpc/init.ts';
import { createDownloadLink, listDataExports, requestDataExport } from './dataexport.service.ts';

/** dataExport.*: "Download my data" (#21): the member's own exports only. */
export const dataExportRouter = router({
  /** Queues an export of the caller's data (built in the background; one at a time). */
  request: protectedProcedure.output(ZDataExport).mutation(({ ctx }) => requestDataExport(ctx.deps, ctx.user.id)),
  /** The caller's exports, newest first. */
  status: protectedProcedure.output(z.array(ZDataExport)).query(({ ctx }) => listDataExports(ctx.deps, ctx.user.id)),
  /** A one-time download link for one of the caller's ready exports (another member's id is 404). */
  link: protectedProcedure
    .input(ZDataExportLinkInput)
    .output(ZDataExportLink)
    .mutation(({ ctx, input }) => createDownloadLink(ctx.deps, ctx.user.id, input.id)),
});
