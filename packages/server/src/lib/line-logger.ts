/** The slice of a pino/Fastify logger a background part needs (app.log fits). */
export interface LineLogger {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

const LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity } as const;

/**
 * A pino-style JSON-line logger for when no app logger is passed in (same format as Fastify's). Its `time` is
 * the wall clock on purpose: log lines say when they were written, whatever clock the app was given.
 */
export function lineLogger(level: keyof typeof LEVELS, module: string): LineLogger {
  const min = LEVELS[level];
  const write = (lvl: number, obj: object, msg: string) => {
    if (lvl < min) return;
    process.stdout.write(
      `${JSON.stringify({ level: lvl, time: Date.now(), pid: process.pid, module, ...obj, msg })}\n`,
    );
  };
  return {
    warn: (obj, msg) => write(LEVELS.warn, obj, msg),
    info: (obj, msg) => write(LEVELS.info, obj, msg),
    error: (obj, msg) => write(LEVELS.error, obj, msg),
  };
}
