// A real SMTP server on loopback for tests: it accepts every message and keeps what it received.
// `stop()` closes it (a mail server that is down: connections are refused) and `start()` opens it again on the
// same port, so an app's SMTP_URL stays valid across the outage.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the server received it, parsed just enough for assertions. */
export interface ReceivedMail {
  /** RCPT TO addresses (the envelope). */
  to: string[];
  from: string;
  subject: string;
  messageId: string;
  /** The text/plain part, decoded. */
  text: string;
  raw: string;
}

export interface TestSmtpServer {
  /** smtp://127.0.0.1:<port> — put it in the app's SMTP_URL. */
  readonly url: string;
  readonly port: number;
  readonly received: ReceivedMail[];
  /** Messages received for `address` (envelope recipient). */
  to(address: string): ReceivedMail[];
  /** Closes the server: new connections are refused until start(). */
  stop(): Promise<void>;
  /** Opens it again on the same port. */
  start(): Promise<void>;
  close(): Promise<void>;
}

function decodeQuotedPrintable(s: string): Buffer {
  const soft = s.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const c = soft[i]!;
    if (c === '=' && /^[0-9A-Fa-f]{2}$/.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(c, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= / =?UTF-8?B?...?=), as nodemailer writes non-ASCII headers. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset: string, enc: string, data: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')).toString('utf8'),
    );
}

function splitHeaders(raw: string): { headers: Map<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at === -1 ? raw : raw.slice(0, at);
  const body = at === -1 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  let last = '';
  for (const line of head.split(/\r?\n/)) {
    if (/^\s/.test(line) && last) {
      headers.set(last, `${headers.get(last)} ${line.trim()}`);
      continue;
    }
    const i = line.indexOf(':');
    if (i <= 0) continue;
    last = line.slice(0, i).trim().toLowerCase();
    headers.set(last, line.slice(i + 1).trim());
  }
  return { headers, body };
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const enc = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (enc === 'quoted-printable') return decodeQuotedPrintable(body).toString('utf8');
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** The text/plain part of a message (the whole body when it is not multipart). */
function textPart(headers: Map<string, string>, body: string): string {
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!/^multipart\//i.test(type) || !boundary) return decodeBody(headers, body);
  for (const chunk of body.split(`--${boundary}`)) {
    const part = splitHeaders(chunk.replace(/^\r?\n/, ''));
    const partType = part.headers.get('content-type') ?? '';
    if (/^multipart\//i.test(partType)) {
      const inner = textPart(part.headers, part.body);
      if (inner) return inner;
    } else if (/^text\/plain/i.test(partType)) {
      return decodeBody(part.headers, part.body).replace(/\r?\n$/, '');
    }
  }
  return '';
}

/** Parses what a test needs: subject, Message-ID, From and the text part. */
export function parseMail(raw: string, envelopeTo: string[]): ReceivedMail {
  const { headers, body } = splitHeaders(raw);
  return {
    to: envelopeTo,
    from: decodeHeader(headers.get('from') ?? ''),
    subject: decodeHeader(headers.get('subject') ?? ''),
    messageId: headers.get('message-id') ?? '',
    text: textPart(headers, body).replace(/\r\n/g, '\n'),
    raw,
  };
}

/**
 * Starts the server on 127.0.0.1 at a free port (no TLS, no authentication). Recipients for which `refuse`
 * answers true are refused with a permanent 550 (a bounce).
 */
export async function startTestSmtpServer(
  opts: { refuse?: (address: string) => boolean } = {},
): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const make = () =>
    new SMTPServer({
      secure: false,
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (opts.refuse?.(address.address.toLowerCase())) {
          const err = Object.assign(new Error('5.1.1 No such mailbox here'), { responseCode: 550 });
          callback(err);
          return;
        }
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
          received.push(parseMail(Buffer.concat(chunks).toString('utf8'), to));
          callback();
        });
      },
    });
  let server: SMTPServer | null = null;
  let port = 0;
  const listen = (s: SMTPServer, p: number) =>
    new Promise<number>((resolve, reject) => {
      s.once('error', reject);
      s.listen(p, '127.0.0.1', () => {
        s.off('error', reject);
        resolve((s.server.address() as AddressInfo).port);
      });
    });
  const start = async () => {
    if (server) return;
    const s = make();
    port = await listen(s, port);
    server = s;
  };
  const stop = async () => {
    const s = server;
    server = null;
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  };
  await start();
  return {
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    get port() {
      return port;
    },
    received,
    to: (address) => received.filter((m) => m.to.includes(address.toLowerCase())),
    stop,
    start,
    close: stop,
  };
}
