import { Writable } from 'node:stream';

/**
 * On a terminal, people read the log: `pnpm start` there prints short text lines and a "what now" instead of
 * JSON. Anywhere else (a pipe, a file, a container's log collector) the lines stay JSON, one object per line.
 * LOG_FORMAT=json (or text) overrides the choice.
 */
export function wantsTextLog(stdout: { isTTY?: boolean }, format: 'auto' | 'json' | 'text'): boolean {
  if (format !== 'auto') return format === 'text';
  return stdout.isTTY === true;
}

const LEVEL_NAMES: Record<number, string> = {
  10: 'trace',
  20: 'debug',
  30: '',
  40: 'warning',
  50: 'error',
  60: 'fatal',
};

/** One JSON log line as a short text line: time, level (above info), the message and what it is about. */
export function textLine(json: string): string {
  let rec: Record<string, unknown>;
  try {
    rec = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json;
  }
  const time = typeof rec.time === 'number' ? new Date(rec.time).toISOString().slice(11, 19) : '';
  const level = LEVEL_NAMES[Number(rec.level)] ?? '';
  const req = rec.req as { method?: string; url?: string } | undefined;
  const res = rec.res as { statusCode?: number } | undefined;
  let text = String(rec.msg ?? '');
  if (req?.method && req.url && res?.statusCode !== undefined) {
    const ms = typeof rec.responseTime === 'number' ? ` ${Math.round(rec.responseTime)} ms` : '';
    text = `${req.method} ${req.url} ${res.statusCode}${ms}`;
  }
  const err = rec.err as { message?: string } | undefined;
  if (err?.message) text += `: ${err.message}`;
  return [time, level ? `${level}:` : '', text].filter(Boolean).join(' ');
}

/** A stream for the logger that writes each JSON line to `out` as text (see textLine). */
export function textLogStream(out: NodeJS.WritableStream): Writable {
  let pending = '';
  return new Writable({
    write(chunk: Buffer | string, _enc, done) {
      pending += chunk.toString();
      let nl = pending.indexOf('\n');
      while (nl >= 0) {
        const line = pending.slice(0, nl);
        pending = pending.slice(nl + 1);
        if (line.trim()) out.write(`${textLine(line)}\n`);
        nl = pending.indexOf('\n');
      }
      done();
    },
  });
}

/** What to do next, printed once the server listens on a terminal. */
export function whatNow(opts: { url: string; needsAdmin: boolean; mailEnabled: boolean }): string {
  const lines = ['', `  Vestora is running: open ${opts.url}`, ''];
  if (opts.needsAdmin) {
    lines.push(
      '  Next, make the first admin: stop the server (Ctrl+C), then run',
      "    ADMIN_PASSWORD='a long passphrase' npx -y pnpm@10 cli create-admin --email you@example.com",
      '  and start it again. Sign in with that address to run the site (Site settings, plans, the money desk).',
      '',
    );
  }
  if (!opts.mailEnabled) {
    lines.push('  Mail is not sent (no SMTP_URL): messages wait in the admins’ Outbox page.', '');
  }
  lines.push('  Stop with Ctrl+C. Log lines follow (piped or redirected, they are JSON).', '');
  return lines.join('\n');
}
