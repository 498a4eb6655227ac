import { ZSiteConfig, ZSiteSettings, ZSiteSettingsInput } from '@vestora/contract';
import { adminProcedure, publicProcedure, router } from '../../trpc/init.ts';
import { siteConfig, siteSettings, updateSiteSettings } from './site.service.ts';

/** The operator's facts (public read, admin write, audited) and what the installation does (public). */
export const siteRouter = router({
  settings: publicProcedure.output(ZSiteSettings).query(({ ctx }) => siteSettings(ctx.deps.db)),
  updateSettings: adminProcedure
    .input(ZSiteSettingsInput)
    .output(ZSiteSettings)
    .mutation(({ ctx, input }) => updateSiteSettings(ctx.deps, ctx.user.id, input)),
  config: publicProcedure.output(ZSiteConfig).query(({ ctx }) => siteConfig(ctx.deps.config)),
});
