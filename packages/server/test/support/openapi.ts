import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { HttpMethod, OpenApiDocument, OpenApiOperation } from '../../src/rest/v1/openapi.ts';

/** Every (METHOD, path) Fastify has registered under `prefix`, from its own route table (HEAD left out). */
export function registeredRoutes(app: FastifyInstance, prefix: string): string[] {
  const out = new Set<string>();
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /(\/\S*) \(([^)]+)\)\s*$/.exec(line);
    if (!m || !m[1]!.startsWith(`${prefix}/`)) continue;
    for (const method of m[2]!.split(',').map((s) => s.trim())) {
      if (method !== 'HEAD') out.add(`${method} ${m[1]}`);
    }
  }
  return [...out].sort();
}

/** Every (METHOD, path) the document lists, in Fastify's syntax (`{id}` → `:id`) under its server URL. */
export function documentedRoutes(doc: OpenApiDocument): string[] {
  const base = doc.servers[0]!.url;
  return Object.entries(doc.paths)
    .flatMap(([path, item]) =>
      Object.keys(item).map((m) => `${m.toUpperCase()} ${base}${path.replace(/\{(\w+)\}/g, ':$1')}`),
    )
    .sort();
}

/**
 * Holds real responses to the document: finds the operation a request hit, checks the status is one the
 * operation documents and validates the body against that status's JSON Schema (ajv, draft 2020-12).
 */
export function documentChecker(doc: OpenApiDocument) {
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  const validators = new Map<string, ValidateFunction>();
  const base = doc.servers[0]!.url;
  const templates = Object.entries(doc.paths).map(([path, item]) => ({
    path,
    item,
    re: new RegExp(`^${base}${path.replace(/\{\w+\}/g, '[^/]+')}$`),
  }));
  /** Operations whose success response has been validated at least once. */
  const validatedSuccess = new Set<string>();

  function operationOf(res: LightMyRequestResponse): { key: string; op: OpenApiOperation } | undefined {
    const method = res.raw.req.method!.toLowerCase() as HttpMethod;
    const pathname = res.raw.req.url!.split('?')[0]!;
    // A static path wins over a template (`/investment_plan/get_all` over `/investment_plan/{id}`), as in Fastify.
    const hits = templates.filter((t) => t.re.test(pathname) && t.item[method]);
    const hit = hits.find((t) => !t.path.includes('{')) ?? hits[0];
    return hit && { key: `${method.toUpperCase()} ${hit.path}`, op: hit.item[method]! };
  }

  return {
    /** Checks a response (success or `{ err }`) against its operation; fails when the route is undocumented. */
    expectDocumented(res: LightMyRequestResponse): void {
      const found = operationOf(res);
      expect(found, `${res.raw.req.method} ${res.raw.req.url} is not in the document`).toBeDefined();
      const { key, op } = found!;
      const response = op.responses[String(res.statusCode)];
      expect(response, `${key} answered ${res.statusCode}, which the document does not list`).toBeDefined();
      const schema = response!.content?.['application/json']?.schema;
      expect(schema, `${key} ${res.statusCode} has no JSON schema`).toBeDefined();
      const id = `${key} ${res.statusCode}`;
      let validate = validators.get(id);
      if (!validate) {
        validate = ajv.compile(schema!);
        validators.set(id, validate);
      }
      const valid = validate(res.json());
      expect(valid, `${id}: ${ajv.errorsText(validate.errors)}\n${res.body}`).toBe(true);
      if (res.statusCode < 400) validatedSuccess.add(key);
    },
    /** True when the request hit a documented route (unknown paths are not). */
    isDocumented: (res: LightMyRequestResponse) => operationOf(res) !== undefined,
    validatedSuccess,
  };
}
