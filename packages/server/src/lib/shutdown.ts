import closeWithGrace from 'close-with-grace';

/** The part of the app's (pino) logger shutdown uses. */
export interface ShutdownLog {
  info(msg: string): void;
  error(obj: object, msg: string): void;
}

/** How long a graceful shutdown may take before the process exits anyway (code 1). */
export const SHUTDOWN_DEADLINE_MS = 10_000;

/**
 * Installs the process's one shutdown path (close-with-grace). On SIGTERM / SIGINT: `close()` (finish the
 * requests in flight, refuse new ones, stop background work, close the database), then exit 0. An uncaught
 * exception or an unhandled rejection is logged with its stack and takes the same graceful path, exiting 1:
 * never a silent death. Past `deadlineMs`, or on a second signal, the process exits 1 at once, saying why.
 */
export function installGracefulShutdown(
  log: ShutdownLog,
  close: () => Promise<void>,
  deadlineMs: number = SHUTDOWN_DEADLINE_MS,
): { uninstall(): void } {
  return closeWithGrace(
    {
      delay: deadlineMs,
      logger: { error: (err: unknown) => log.error({ err }, 'shutdown failed') },
      onTimeout: (delay) => log.error({ deadlineMs: delay }, `shutdown did not finish within ${delay} ms; exiting now`),
      onSecondSignal: (signal) => log.error({ signal }, `second ${signal} while shutting down; exiting now`),
      onSecondError: (err) => log.error({ err }, 'another uncaught error while shutting down; exiting now'),
    },
    async ({ signal, err }) => {
      if (err) log.error({ err }, 'uncaught exception or unhandled rejection: shutting down');
      else log.info(`${signal ?? 'exit'}: shutting down (finishing requests in flight, refusing new ones)`);
      await close();
      log.info('shut down cleanly');
    },
  );
}
