import type { JsonSchema, OpenApiDocument, OpenApiOperation } from './openapi.ts';

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(value: unknown): string {
  return String(value)
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const asSchema = (v: unknown): JsonSchema => (v && typeof v === 'object' ? (v as JsonSchema) : {});

/** A one-line type: `string (1–100 chars)`, `integer ≥ 0`, `array of object`, `"user" | "admin"`. */
function typeLabel(s: JsonSchema): string {
  if (Array.isArray(s.enum)) return s.enum.map((v) => JSON.stringify(v)).join(' | ');
  if ('const' in s) return JSON.stringify(s.const);
  if (s.not && Object.keys(asSchema(s.not)).length === 0) return 'refused';
  if (Array.isArray(s.anyOf)) return s.anyOf.map((x) => typeLabel(asSchema(x))).join(' | ');
  const type = typeof s.type === 'string' ? s.type : 'any';
  if (type === 'array') return `array of ${typeLabel(asSchema(s.items))}`;
  const notes: string[] = [];
  if (typeof s.minLength === 'number' || typeof s.maxLength === 'number') {
    notes.push(`${s.minLength ?? 0}–${s.maxLength ?? '∞'} chars`);
  }
  if (typeof s.minimum === 'number' && s.minimum > -Number.MAX_SAFE_INTEGER) notes.push(`≥ ${s.minimum}`);
  // A format says it better than its regular expression (zod emits both for uuid, email...).
  if (typeof s.format === 'string') notes.push(s.format);
  else if (typeof s.pattern === 'string') notes.push(`pattern ${s.pattern}`);
  if ('default' in s) notes.push(`default ${JSON.stringify(s.default)}`);
  return notes.length ? `${type} (${notes.join(', ')})` : type;
}

/** An object schema as a table of its fields; objects inside (directly or as array items) nest. */
function renderSchema(s: JsonSchema): string {
  const target = s.type === 'array' ? asSchema(s.items) : s;
  const props = asSchema(target.properties);
  if (target.type !== 'object' || Object.keys(props).length === 0) {
    return `<p class="type">${escapeHtml(typeLabel(s))}</p>`;
  }
  const required = new Set(Array.isArray(target.required) ? target.required.map(String) : []);
  const rows = Object.entries(props).map(([name, raw]) => {
    const field = asSchema(raw);
    const inner = field.type === 'array' ? asSchema(field.items) : field;
    const nested = inner.type === 'object' && inner.properties ? renderSchema(field) : '';
    const description = typeof field.description === 'string' ? escapeHtml(field.description) : '';
    return (
      `<tr><td><code>${escapeHtml(name)}</code></td><td>${escapeHtml(typeLabel(field))}${nested}</td>` +
      `<td>${required.has(name) ? 'required' : 'optional'}</td><td>${description}</td></tr>`
    );
  });
  const extra = target.additionalProperties === false ? 'Other fields are refused.' : 'Other fields are allowed.';
  const prefix = s.type === 'array' ? '<p class="type">An array of:</p>' : '';
  return (
    `${prefix}<table><thead><tr><th>field</th><th>type</th><th>presence</th><th>notes</th></tr></thead>` +
    `<tbody>${rows.join('')}</tbody></table><p class="note">${escapeHtml(extra)}</p>`
  );
}

function renderContent(content: Record<string, { schema: JsonSchema }> | undefined): string {
  if (!content) return '';
  return Object.entries(content)
    .map(
      ([type, { schema }]) =>
        `<p class="note">${escapeHtml(type)}</p>${renderSchema(schema)}` +
        `<details><summary>JSON Schema</summary><pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre></details>`,
    )
    .join('');
}

function renderOperation(method: string, path: string, op: OpenApiOperation): string {
  const responses = Object.entries(op.responses);
  const success = responses.filter(([status]) => Number(status) < 400);
  const errors = responses.filter(([status]) => Number(status) >= 400);
  const errorSchema = errors[0]?.[1].content;
  return [
    `<section id="${escapeHtml(op.operationId)}">`,
    `<h2><span class="method ${escapeHtml(method)}">${escapeHtml(method.toUpperCase())}</span> `,
    `<code>${escapeHtml(path)}</code></h2>`,
    `<p><strong>${escapeHtml(op.summary)}</strong>${op.description ? ` ${escapeHtml(op.description)}` : ''}</p>`,
    op.requestBody ? `<h3>Request body</h3>${renderContent(op.requestBody.content)}` : '',
    ...success.map(
      ([status, r]) => `<h3>${escapeHtml(status)} ${escapeHtml(r.description)}</h3>${renderContent(r.content)}`,
    ),
    errors.length
      ? `<h3>Errors: <code>{ "err": "…" }</code></h3><dl>${errors
          .map(([status, r]) => `<dt>${escapeHtml(status)}</dt><dd>${escapeHtml(r.description)}</dd>`)
          .join(
            '',
          )}</dl>${errorSchema ? `<details><summary>Error schema</summary><pre>${escapeHtml(JSON.stringify(errorSchema['application/json']?.schema, null, 2))}</pre></details>` : ''}`
      : '',
    '</section>',
  ].join('');
}

const STYLE = `
body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:960px;padding:1.5rem;color:#1a202c}
h1{margin-bottom:.25rem} h2{font-size:1.1rem;margin:0 0 .5rem} h3{font-size:.95rem;margin:1rem 0 .25rem}
section{border:1px solid #e2e8f0;border-radius:8px;padding:1rem;margin:1rem 0}
.method{display:inline-block;min-width:3.5rem;text-align:center;border-radius:4px;color:#fff;font-size:.8rem;padding:.1rem .4rem}
.get{background:#2b6cb0} .post{background:#2f855a}
table{border-collapse:collapse;width:100%;font-size:.9rem} th,td{border-bottom:1px solid #edf2f7;padding:.25rem .5rem;text-align:left;vertical-align:top}
td table{margin-top:.25rem} .note,.type{color:#4a5568;font-size:.85rem;margin:.25rem 0}
pre{background:#f7fafc;padding:.5rem;overflow:auto;font-size:.8rem} dt{font-weight:600;float:left;width:3rem} dd{margin:0 0 .25rem 3.5rem}
nav a{margin-right:.75rem}`;

/** The document as one self-contained HTML page: no scripts, no external resources, every value escaped. */
export function renderDocsPage(doc: OpenApiDocument): string {
  const base = doc.servers[0]?.url ?? '';
  const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ method, path: `${base}${path}`, op: op as OpenApiOperation })),
  );
  const nav = operations
    .map(
      ({ method, path, op }) =>
        `<a href="#${escapeHtml(op.operationId)}">${escapeHtml(method.toUpperCase())} ${escapeHtml(path)}</a>`,
    )
    .join(' ');
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(doc.info.title)}</title><style>${STYLE}</style></head><body>`,
    `<h1>${escapeHtml(doc.info.title)}</h1><p>${escapeHtml(doc.info.description)}</p>`,
    `<p>OpenAPI ${escapeHtml(doc.openapi)} document: <a href="${escapeHtml(`${base}/openapi.json`)}">${escapeHtml(`${base}/openapi.json`)}</a>.`,
    ' Signed-in routes use the session cookie that login sets.</p>',
    `<nav>${nav}</nav>`,
    ...operations.map(({ method, path, op }) => renderOperation(method, path, op)),
    '</body></html>',
  ].join('');
}
