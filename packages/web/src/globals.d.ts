/** The year `pnpm build` ran in (vite.config.ts `define`): the footer's year in pre-rendered HTML. */
declare const __BUILD_YEAR__: number;
