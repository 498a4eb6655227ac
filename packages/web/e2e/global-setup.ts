/**
 * Browser project setup, once per run:
 * - clears the failure screenshots of the previous run;
 * - takes a consistent snapshot of packages/web/dist for the server to serve, so a rebuild during the
 *   run (Vite empties dist first) cannot take index.html or a lazy chunk away from under the browser.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The snapshot of the built web app the e2e server serves. */
    e2eWebDir: string;
  }
}

const WEB_DIST_DIR = path.resolve(import.meta.dirname, '../dist');
const ARTIFACTS_DIR = path.resolve(import.meta.dirname, '.artifacts');

/** Files the build manifest names that are missing from `dir` (a build still being written), or null without a manifest. */
function missingFiles(dir: string): string[] | null {
  const manifestFile = path.join(dir, '.vite', 'manifest.json');
  if (!fs.existsSync(path.join(dir, 'index.html')) || !fs.existsSync(manifestFile)) return null;
  let manifest: Record<string, { file: string; css?: string[] }>;
  try {
    manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  } catch {
    return null;
  }
  const files = Object.values(manifest).flatMap((c) => [c.file, ...(c.css ?? [])]);
  return files.filter((f) => !fs.existsSync(path.join(dir, f)));
}

export default async function setup(project: TestProject): Promise<() => void> {
  fs.rmSync(path.join(ARTIFACTS_DIR, 'failures'), { recursive: true, force: true });
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });

  // No Chromium outside CI: the tests skip themselves (harness.ts says so loudly); nothing to serve.
  if (!fs.existsSync(process.env.CHROMIUM_PATH || '/usr/bin/chromium') && process.env.CI !== 'true') {
    project.provide('e2eWebDir', '');
    return () => {};
  }
  if (!fs.existsSync(WEB_DIST_DIR)) {
    throw new Error(
      `The web app is not built (${WEB_DIST_DIR} is missing). Run \`pnpm --filter @vestora/web build\` before the browser tests.`,
    );
  }
  const snapshot = fs.mkdtempSync(path.join(os.tmpdir(), 'vestora-e2e-web-'));
  // A build may be in progress right now (locally, someone ran `pnpm build`): wait for a complete one.
  const deadline = Date.now() + 120_000;
  for (;;) {
    fs.rmSync(snapshot, { recursive: true, force: true });
    fs.cpSync(WEB_DIST_DIR, snapshot, { recursive: true });
    const missing = fs.existsSync(snapshot) ? missingFiles(snapshot) : null;
    if (missing && missing.length === 0) break;
    if (Date.now() > deadline) {
      throw new Error(
        `The web app's build in ${WEB_DIST_DIR} is incomplete (index.html, the manifest or chunks missing). ` +
          'Run `pnpm --filter @vestora/web build` before the browser tests.',
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  project.provide('e2eWebDir', snapshot);
  return () => fs.rmSync(snapshot, { recursive: true, force: true });
}
