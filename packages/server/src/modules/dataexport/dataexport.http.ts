import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '../../lib/errors.ts';
import { sessionCookieName } from '../../lib/session-cookie.ts';
import { resolveSession } from '../session/session.service.ts';
import { DOWNLOAD_PATH, downloadExport } from './dataexport.service.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A refusal as a short page for a browser, as the usual `{ err }` JSON body for anything else. */
function refuse(req: FastifyRequest, reply: FastifyReply, status: number, message: string) {
  reply.code(status).header('cache-control', 'no-store');
  if (!(req.headers.accept ?? '').includes('text/html')) return reply.send(errorBody({ message }));
  const title = status === 410 ? 'This link no longer works' : 'Download not available';
  return reply
    .header('content-type', 'text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title} · Vestora</title>` +
        '<meta name="viewport" content="width=device-width, initial-scale=1"></head>' +
        `<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem">` +
        `<main><h1>${title}</h1><p>${escapeHtml(message)}</p><p><a href="/settings">Open Settings</a></p></main></body></html>`,
    );
}

/**
 * GET /data-export/download?token=…: the member's data as a ZIP, once (#21). The token names the export; the
 * session cookie must be the member's own (a link of another member's export answers 404 and stays unused).
 */
export async function dataExportRoutes(app: FastifyInstance): Promise<void> {
  app.get(DOWNLOAD_PATH, async (req, reply) => {
    const { deps } = app;
    const token = (req.query as Record<string, unknown>).token;
    const cookie = req.cookies[sessionCookieName(deps.config.publicUrl)];
    const session = cookie ? await resolveSession(deps, cookie) : null;
    const answer = await downloadExport(deps, typeof token === 'string' ? token : undefined, session?.user.id ?? null);
    if (!answer.ok) return refuse(req, reply, answer.status, answer.message);
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="${answer.fileName}"`)
      .header('cache-control', 'no-store')
      .send(Buffer.from(answer.file));
  });
}
