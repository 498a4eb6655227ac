import fc from 'fast-check';
import { type IdPools, type JsonSchema, RawJson, arbitraryOf, hostileString, mutated, toJsonText } from './values.ts';

export const ACTORS = ['visitor', 'user', 'otherUser', 'admin'] as const;
export type Actor = (typeof ACTORS)[number];

/** One generated HTTP request, ready for app.inject. */
export interface FuzzRequest {
  actor: Actor;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** What it aims at, for grouping findings: `trpc deposit.request`, `rest POST /api/v1/user/update`, `path`. */
  target: string;
}

/** A tRPC procedure as the router declares it. */
export interface ProcedureTarget {
  path: string;
  type: 'query' | 'mutation';
  input?: JsonSchema;
  /** Procedures that run argon2 (sign-up, sign-in): generated rarely so a run stays fast. */
  slow: boolean;
}

/** A registered /api/v1 route with its documented body. */
export interface RouteTarget {
  method: string;
  /** Fastify syntax: `/api/v1/investment_plan/:id`. */
  path: string;
  body?: JsonSchema;
  slow: boolean;
}

const actorArb = fc.constantFrom<Actor>(...ACTORS);

/** Content types a client may send with a body; only application/json is accepted. */
const contentType = fc.oneof(
  { weight: 8, arbitrary: fc.constant('application/json') },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'application/json; charset=utf-8',
      'application/json; charset=utf-16',
      'Application/JSON',
      'application/jsonx',
      'text/plain',
      'text/plain; charset=utf-8',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/xml',
      'application/octet-stream',
      '',
      '*/*',
      'application/json, text/plain',
    ),
  },
);

/** A body's bytes: the JSON text mostly, sometimes broken in the ways parsers see. */
function bodyBytes(json: string | undefined): fc.Arbitrary<string | Buffer | undefined> {
  const text = json ?? '';
  return fc.oneof(
    { weight: 12, arbitrary: fc.constant(json) },
    {
      weight: 3,
      arbitrary: fc.constantFrom<string | Buffer | undefined>(
        text.slice(0, Math.max(0, text.length - 1)),
        `${text}}`,
        `\uFEFF${text}`,
        `${text}\u0000`,
        text.replace(/"/g, "'"),
        '',
        ' ',
        'null',
        '"string"',
        '[]',
        '{"a":',
        '{"__proto__":{"isAdmin":true}}',
        '{"constructor":{"prototype":{"isAdmin":true}}}',
        '{"a":1,"a":2}',
        'NaN',
        'undefined',
        Buffer.from([0xff, 0xfe, 0x00, 0x7b, 0x7d]),
        Buffer.from('{"email":"\xff\xfe@example.com","password":"x"}', 'latin1'),
        Buffer.concat([Buffer.from('{"firstName":"'), Buffer.from([0xc3, 0x28, 0xa0, 0xa1]), Buffer.from('"}')]),
      ),
    },
  );
}

/**
 * The content type and payload of a request. A non-JSON content type without a body is left out: app.inject
 * then hands tRPC's multipart parser a stream a real socket never would (it fails on it with a 500 that over
 * HTTP is a 400 or 405), while over HTTP the same request has no body to parse.
 */
function bodyHeaders(
  type: string,
  payload: string | Buffer | undefined,
): { headers: Record<string, string>; payload?: string | Buffer } {
  if (payload === undefined) return { headers: {} };
  if (payload.length === 0 && !type.toLowerCase().startsWith('application/json')) return { headers: {}, payload };
  return { headers: type ? { 'content-type': type } : {}, payload };
}

/** Percent-encodes some characters of a path segment, including ones that never need it (`%2E`, `%6C`). */
const encodedVariant = (s: string) =>
  fc
    .array(fc.nat({ max: Math.max(0, s.length - 1) }), { maxLength: 3 })
    .map((at) =>
      [...s]
        .map((c, i) => (at.includes(i) ? `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}` : c))
        .join(''),
    );

/** Percent-encodes the UTF-8 bytes of any string (a lone surrogate becomes U+FFFD's bytes, never a throw). */
function percentEncode(s: string): string {
  return [...Buffer.from(s, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9_.~-]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

/** Broken or odd path segments. */
const oddSegment = fc.oneof(
  fc.constantFrom(
    '%',
    '%2',
    '%zz',
    '%25s%25n',
    '%s%n',
    '%E0%A4%A',
    '%C0%AE%C0%AE',
    '%FF',
    '%00',
    '%2e%2e',
    '..',
    '.',
    '%2F',
    '\u00e9',
    '%F0%9F%98%80',
    '%ED%A0%80',
    '',
    'a'.repeat(6_000),
    '%41'.repeat(2_000),
  ),
  hostileString.map((s) => percentEncode(s.slice(0, 300)).slice(0, 900)),
);

function queryUrl(path: string, input: string | undefined, extra = ''): fc.Arbitrary<string> {
  if (input === undefined) return fc.constant(`/trpc/${path}${extra ? `?${extra}` : ''}`);
  return fc.constantFrom('encoded', 'raw', 'double', 'badpercent').map((how) => {
    const qs =
      how === 'encoded'
        ? `input=${encodeURIComponent(input)}`
        : how === 'raw'
          ? `input=${input.replace(/[#\s]/g, (c) => encodeURIComponent(c))}`
          : how === 'double'
            ? `input=${encodeURIComponent(input)}&input=${encodeURIComponent(input)}`
            : `input=${encodeURIComponent(input)}%E0%A4%A`;
    return `/trpc/${path}?${[extra, qs].filter(Boolean).join('&')}`;
  });
}

/** One call to a procedure: the right transport mostly, the wrong method or a broken body sometimes. */
function trpcCall(p: ProcedureTarget, pools: () => IdPools): fc.Arbitrary<FuzzRequest> {
  const input = p.input
    ? mutated(arbitraryOf(p.input, pools))
    : fc.oneof(fc.constant(undefined), mutated(fc.constant({})));
  const pathArb = fc.oneof(
    { weight: 9, arbitrary: fc.constant(p.path) },
    { weight: 1, arbitrary: encodedVariant(p.path) },
  );
  return fc
    .record({
      actor: actorArb,
      input,
      path: pathArb,
      // Mostly the transport the procedure is meant for.
      asGet: fc.oneof(
        { weight: 6, arbitrary: fc.constant(p.type === 'query') },
        { weight: 1, arbitrary: fc.boolean() },
      ),
      type: contentType,
    })
    .chain(({ actor, input: value, path, asGet, type }) => {
      const json = toJsonText(value);
      if (asGet) {
        return queryUrl(path, json).map(
          (url): FuzzRequest => ({ actor, method: 'GET', url, headers: {}, target: `trpc ${p.path}` }),
        );
      }
      return bodyBytes(json).map(
        (payload): FuzzRequest => ({
          actor,
          method: 'POST',
          url: `/trpc/${path}`,
          ...bodyHeaders(type, payload),
          target: `trpc ${p.path}`,
        }),
      );
    });
}

/** A batch (`?batch=1`) of 1 to 14 calls, mixing procedures, as GET or POST. */
function trpcBatch(procs: ProcedureTarget[], pools: () => IdPools): fc.Arbitrary<FuzzRequest> {
  const call = fc
    .constantFrom(...procs)
    .chain((p) => (p.input ? mutated(arbitraryOf(p.input, pools)) : fc.constant(undefined)).map((v) => ({ p, v })));
  return fc
    .record({
      actor: actorArb,
      calls: fc.array(call, { minLength: 1, maxLength: 14 }),
      asGet: fc.boolean(),
      shape: fc.constantFrom('object', 'array', 'sparse', 'wrong'),
    })
    .chain(({ actor, calls, asGet, shape }) => {
      const names = calls.map((c) => c.p.path).join(',');
      const inputs: Record<string, unknown> = {};
      calls.forEach((c, i) => {
        if (c.v !== undefined) inputs[shape === 'sparse' ? String(i * 2 + 1) : String(i)] = c.v;
      });
      const value = shape === 'array' ? calls.map((c) => c.v ?? null) : shape === 'wrong' ? new RawJson('"0"') : inputs;
      const json = toJsonText(value);
      const target = `trpc batch`;
      if (asGet) {
        return queryUrl(names, json, 'batch=1').map(
          (url): FuzzRequest => ({ actor, method: 'GET', url, headers: {}, target }),
        );
      }
      return bodyBytes(json).map(
        (payload): FuzzRequest => ({
          actor,
          method: 'POST',
          url: `/trpc/${names}?batch=1`,
          headers: { 'content-type': 'application/json' },
          ...(payload === undefined ? {} : { payload }),
          target,
        }),
      );
    });
}

/** A call to a legacy route: its documented body (damaged), `:id` filled with real ids or odd text, odd methods. */
function restCall(r: RouteTarget, pools: () => IdPools): fc.Arbitrary<FuzzRequest> {
  const idArb = fc.oneof(
    { weight: 6, arbitrary: arbitraryOf({ type: 'string', format: 'uuid' }, pools, 'id').map(String) },
    { weight: 3, arbitrary: oddSegment },
  );
  const body = r.body
    ? mutated(arbitraryOf(r.body, pools))
    : fc.oneof(fc.constant(undefined), mutated(fc.constant({})));
  return fc
    .record({
      actor: actorArb,
      id: idArb,
      body,
      method: fc.oneof(
        { weight: 12, arbitrary: fc.constant(r.method) },
        { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD') },
      ),
      type: contentType,
      encode: fc.nat({ max: 19 }),
      query: fc.oneof(
        { weight: 9, arbitrary: fc.constant('') },
        { weight: 1, arbitrary: fc.constantFrom('?a=%', '?x=1&x=2', '?__proto__[a]=1') },
      ),
    })
    .chain(({ actor, id, body: value, method, type, encode, query }) => {
      let path = r.path.replace(':id', id);
      // Now and then the same route with one letter percent-encoded (`/user/%6Cogin`).
      if (encode === 0) {
        const i = path.lastIndexOf('/') + 1;
        if (i < path.length)
          path = `${path.slice(0, i)}%${path.charCodeAt(i).toString(16).toUpperCase()}${path.slice(i + 1)}`;
      }
      const url = `${path}${query}`;
      const target = `rest ${r.method} ${r.path}`;
      if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS' || value === undefined) {
        return fc.constant<FuzzRequest>({ actor, method, url, headers: {}, target });
      }
      return bodyBytes(toJsonText(value)).map(
        (payload): FuzzRequest => ({
          actor,
          method,
          url,
          ...bodyHeaders(type, payload),
          target,
        }),
      );
    });
}

/** Paths nobody registered, broken encodings, and odd methods on /trpc and /api/v1. */
function oddPath(procs: ProcedureTarget[]): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      actor: actorArb,
      base: fc.constantFrom(
        '/trpc/',
        '/api/v1/',
        '/api/v1/user/',
        '/api/v1/investment_plan/',
        '/api/',
        '/',
        '//',
        '/trpc//',
      ),
      segment: fc.oneof(oddSegment, fc.constantFrom(...procs.map((p) => p.path)).chain(encodedVariant)),
      method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'HEAD'),
      tail: fc.constantFrom('', '/', '?batch=1', '?batch=1&input=%7B%7D', '?input=%', '?input={"0":', '#x', '/..'),
    })
    .map(
      ({ actor, base, segment, method, tail }): FuzzRequest => ({
        actor,
        method,
        url: `${base}${segment}${tail}`,
        headers: method === 'POST' || method === 'PUT' ? { 'content-type': 'application/json' } : {},
        ...(method === 'POST' || method === 'PUT' ? { payload: '{}' } : {}),
        target: 'path',
      }),
    );
}

/**
 * Headers that change how a request is read: a cross-site Origin, forwarded addresses, odd lengths. Only values
 * Node's HTTP parser lets through (app.inject skips the parser: a NUL in a header never reaches a real server).
 */
const headerNoise = fc.oneof(
  { weight: 12, arbitrary: fc.constant<Record<string, string>>({}) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<Record<string, string>>(
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: 'http://vestora.test' },
      { 'x-forwarded-for': '203.0.113.7, 10.0.0.1' },
      { 'x-forwarded-for': '::ffff:127.0.0.1' },
      { 'x-forwarded-for': 'not an address' },
      { 'x-forwarded-host': 'evil.example' },
      { cookie: 'vestora_session=' },
      { cookie: 'vestora_session=%' },
      { cookie: `vestora_session=${'a'.repeat(4_000)}` },
      { cookie: 'vestora_session=\u00e9\u00ff' },
      { accept: 'text/html' },
      { 'accept-encoding': 'gzip, br' },
      { 'content-encoding': 'gzip' },
    ),
  },
);

/**
 * Every request the fuzzer sends: single tRPC calls over every procedure (sign-up and sign-in rarely, they
 * hash passwords), batches, every /api/v1 route, and paths nobody registered.
 */
export function requestArb(
  procs: ProcedureTarget[],
  routes: RouteTarget[],
  pools: () => IdPools,
): fc.Arbitrary<FuzzRequest> {
  const weighted = <T extends { slow: boolean }>(items: T[], f: (t: T) => fc.Arbitrary<FuzzRequest>) =>
    items.map((t) => ({ weight: t.slow ? 3 : 12, arbitrary: f(t) }));
  const fast = procs.filter((p) => !p.slow);
  const request = fc.oneof(
    { weight: 60, arbitrary: fc.oneof(...weighted(procs, (p) => trpcCall(p, pools))) },
    { weight: 8, arbitrary: trpcBatch(fast, pools) },
    { weight: 25, arbitrary: fc.oneof(...weighted(routes, (r) => restCall(r, pools))) },
    { weight: 7, arbitrary: oddPath(procs) },
  );
  return fc.tuple(request, headerNoise).map(([r, h]) => ({ ...r, headers: { ...r.headers, ...h } }));
}
