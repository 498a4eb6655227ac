import { describe, expect, it } from 'vitest';
import { renderDocsPage } from './docs-page.ts';
import { buildOpenApiDocument } from './openapi.ts';
import { LEGACY_ROUTES } from './index.ts';

describe('renderDocsPage', () => {
  it('escapes every value taken from the document', () => {
    const doc = buildOpenApiDocument(LEGACY_ROUTES);
    doc.info.title = '<script>alert(1)</script>';
    const op = doc.paths['/user/signup']!.post!;
    op.summary = '"><img src=x onerror=alert(1)>';
    (op.requestBody!.content['application/json']!.schema.properties as Record<string, unknown>)['<b>'] = {
      type: 'string',
      description: '</td><script>',
    };
    const html = renderDocsPage(doc);
    expect(html).not.toMatch(/<script|<img|<b>/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('<code>&lt;b&gt;</code>');
  });

  it('shows each route with its fields, required or not, and its error statuses', () => {
    const html = renderDocsPage(buildOpenApiDocument(LEGACY_ROUTES));
    expect(html).toContain('<code>/api/v1/user/update</code>');
    expect(html).toMatch(/<code>accountBallance<\/code><\/td><td>number<\/td><td>optional<\/td>/);
    expect(html).toContain('<code>_id</code></td><td>string (uuid)</td><td>required</td>');
    expect(html).toContain('<dt>409</dt>');
  });
});
