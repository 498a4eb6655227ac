import fc from 'fast-check';

/** A JSON Schema (2020-12) node, as z.toJSONSchema and the /api/v1 document write them. */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  not?: JsonSchema;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
  [k: string]: unknown;
};

/**
 * A JSON token written as is into the body or query (`1e309`, `-0`, `1.0000000000000001`): JSON.stringify
 * cannot produce them, a hostile client can.
 */
export class RawJson {
  constructor(readonly text: string) {}
}

/** Ids the fuzzer may aim at: live pools of real rows (refreshed during the run), so requests reach past "not found". */
export interface IdPools {
  ids: string[];
  emails: string[];
  referralCodes: string[];
}

const pick = <T>(pool: () => readonly T[], fallback: T) =>
  fc.nat().map((i) => {
    const p = pool();
    return p.length ? p[i % p.length]! : fallback;
  });

/** Strings an attacker tries in any text field. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    'a\u0000b',
    '\u0000',
    '\u0001\u0002\u0003\u001f\u007f',
    '\t\r\n',
    'line\nbreak',
    '\uD800',
    'x\uDFFFy',
    '\uFEFF',
    '\u202Egnp.exe',
    '\u200B\u200D',
    'Ω≈ç√∫˜µ≤≥÷',
    '𝓗𝓮𝓵𝓵𝓸 🧑‍🧑‍🧒‍🧒',
    'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǵ̗͖o̲͓',
    "'; drop table users; --",
    "' or '1'='1",
    '%s%s%s%n',
    '%00',
    '%',
    '${7*7}',
    '{{7*7}}',
    '<script>alert(1)</script>',
    '../../../etc/passwd',
    '__proto__',
    'constructor',
    'null',
    'undefined',
    'NaN',
    'Infinity',
    '-0',
    '1e309',
    '0x10',
    '99999999999999999999999999',
    '0.30000000000000004',
    'true',
    '[]',
    '{}',
    'user@example.com\u0000admin@example.com',
    'ADMIN@EXAMPLE.COM',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: fc.constantFrom('\u0000', '\u0008', '\u001b', '\uD83D', '\uDE00', 'a', '%'), maxLength: 20 }),
  // Long: up to and past the field limits; a few past the 64 KiB body limit.
  fc
    .constantFrom(201, 255, 1_000, 5_001, 20_000, 70_000)
    .chain((n) => fc.constantFrom('a', 'é', '\u0000', '😀').map((c) => c.repeat(n))),
);

/** Numbers and number-like values an attacker tries in any numeric field. */
export const hostileNumber: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    -1,
    1,
    0.1,
    0.29,
    0.3,
    0.30000000000000004,
    0.300000001,
    0.005,
    1e-7,
    -0.01,
    1e21,
    2 ** 31,
    2 ** 31 - 1,
    -(2 ** 31),
    2 ** 53,
    2 ** 53 + 2,
    2 ** 63,
    Number.MAX_SAFE_INTEGER,
    Number.MAX_VALUE,
    Number.MIN_VALUE,
    -Number.MAX_VALUE,
    new RawJson('1e309'),
    new RawJson('-1e309'),
    new RawJson('1E400'),
    new RawJson('-0'),
    new RawJson('0.1e1'),
    new RawJson('99999999999999999999999999999999999999'),
    new RawJson('1.0000000000000000000000000001'),
    '12',
    '1e3',
    'NaN',
    '',
    null,
    true,
  ),
  fc.double(),
  fc.integer(),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map((b) => new RawJson(b.toString())),
);

/** Any value of the wrong kind. */
export const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, [], {}, [null], { length: 1 }, { $gt: '' }, { $ne: null }),
  hostileString,
  hostileNumber,
  fc.jsonValue({ maxDepth: 3 }),
);

/** Keys a hostile client adds to any object. */
export const hostileKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'hasOwnProperty',
    'accountType',
    'balance',
    'balanceCents',
    'balance_cents',
    'isAdmin',
    'role',
    'userId',
    'id',
    'version',
    'status',
    '',
    '\u0000',
    'a.b',
    '0',
  ),
  fc.string({ maxLength: 12 }),
);

/** A deeply nested array or object (parsers and validators must not fall over). */
export const deepValue: fc.Arbitrary<RawJson> = fc
  .tuple(fc.constantFrom(100, 1_000, 5_000), fc.boolean())
  .map(
    ([depth, arr]) =>
      new RawJson(arr ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)),
  );

function numberArb(s: JsonSchema, integer: boolean): fc.Arbitrary<unknown> {
  const min = s.minimum ?? s.exclusiveMinimum;
  const max = s.maximum ?? s.exclusiveMaximum;
  if (integer) {
    const lo = Math.max(min ?? -1_000_000, Number.MIN_SAFE_INTEGER);
    const hi = Math.min(max ?? 1_000_000, Number.MAX_SAFE_INTEGER);
    // Small numbers too, where the range has any (a year from 2000 to 2100 has none).
    const small = { min: Math.max(lo, -5), max: Math.min(hi, 50) };
    const whole = fc.integer({ min: lo, max: hi });
    return small.min <= small.max ? fc.oneof(whole, fc.integer(small)) : whole;
  }
  // Amounts: whole dollars, cents, and the odd fraction.
  return fc.oneof(
    fc.integer({ min: 0, max: 5_000 }),
    fc.integer({ min: 1, max: 1_000_000 }).map((c) => c / 100),
    fc.double({ min: -1e6, max: 1e6, noNaN: true }),
  );
}

function stringArb(name: string, s: JsonSchema, pools: () => IdPools): fc.Arbitrary<unknown> {
  const minLength = s.minLength ?? 0;
  const maxLength = Math.min(s.maxLength ?? 60, 60);
  if (s.format === 'uuid' || /id$/i.test(name) || name === '_id') {
    return fc.oneof(
      { weight: 4, arbitrary: pick(() => pools().ids, '00000000-0000-0000-0000-000000000000') },
      { weight: 1, arbitrary: fc.uuid() },
    );
  }
  if (name === 'email') {
    return fc.oneof(
      pick(() => pools().emails, 'nobody@example.com'),
      fc.emailAddress(),
      fc.emailAddress().map((e) => e.toUpperCase()),
    );
  }
  if (name === 'cursor') return fc.oneof(fc.stringMatching(/^\d{1,15}$/), fc.string({ maxLength: 20 }));
  if (name === 'ref') return pick(() => pools().referralCodes, 'ABC123');
  if (name === 'idempotencyKey') return fc.stringMatching(/^[A-Za-z0-9_.:-]{8,40}$/);
  if (s.pattern) {
    return fc
      .stringMatching(new RegExp(s.pattern))
      .filter((v) => v.length >= minLength && v.length <= (s.maxLength ?? Infinity));
  }
  return fc.string({ minLength: Math.min(minLength, maxLength), maxLength: Math.max(maxLength, minLength) });
}

/** Values of the shape the schema describes (valid or nearly), with field-name hints for ids and emails. */
export function arbitraryOf(s: JsonSchema | undefined, pools: () => IdPools, name = ''): fc.Arbitrary<unknown> {
  if (!s || Object.keys(s).filter((k) => k !== 'description' && k !== '$schema').length === 0) {
    return fc.jsonValue({ maxDepth: 2 });
  }
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alts = s.anyOf ?? s.oneOf;
  if (alts) return fc.oneof(...alts.map((a) => arbitraryOf(a, pools, name)));
  if (s.allOf) return arbitraryOf(Object.assign({}, ...s.allOf) as JsonSchema, pools, name);
  if (s.not) return wrongType;
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : ['object'];
  return fc.oneof(
    ...types.map((t): fc.Arbitrary<unknown> => {
      switch (t) {
        case 'null':
          return fc.constant(null);
        case 'boolean':
          return fc.boolean();
        case 'integer':
          return numberArb(s, true);
        case 'number':
          return numberArb(s, false);
        case 'string':
          return stringArb(name, s, pools);
        case 'array':
          return fc.array(arbitraryOf(s.items, pools, name), { maxLength: 4 });
        default: {
          const props = s.properties ?? {};
          const model = Object.fromEntries(Object.entries(props).map(([k, v]) => [k, arbitraryOf(v, pools, k)]));
          const required = (s.required ?? []).filter((k) => k in props);
          return fc.record(model, { requiredKeys: required });
        }
      }
    }),
  );
}

/**
 * Damages a valid-shaped input the way an attacker would: a field given a hostile or wrong-typed value, a
 * required field removed, hostile keys added, or the whole input replaced.
 */
export function mutated(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  type Op = 'text' | 'number' | 'any' | 'delete' | 'add';
  const op = (name: Op, weight: number, key: fc.Arbitrary<number | string>, value: fc.Arbitrary<unknown>) => ({
    weight,
    arbitrary: fc.tuple(fc.constant(name), key, value),
  });
  const fieldMutation = fc.oneof(
    // Same type, hostile value: these get past the type checks and reach the services and the database.
    op('text', 4, fc.nat(), hostileString),
    op('number', 3, fc.nat(), hostileNumber),
    op('any', 1, fc.nat(), wrongType),
    op('delete', 1, fc.nat(), fc.constant(undefined)),
    op('add', 2, hostileKey, fc.oneof(wrongType, fc.constant({ isAdmin: true }))),
  );
  return fc.oneof(
    { weight: 2, arbitrary: valid },
    {
      weight: 6,
      arbitrary: fc.tuple(valid, fc.array(fieldMutation, { minLength: 1, maxLength: 2 })).map(([v, muts]) => {
        if (typeof v !== 'object' || v === null || Array.isArray(v)) return v;
        const out: Record<string, unknown> = { ...(v as Record<string, unknown>) };
        for (const [name, at, value] of muts) {
          if (name === 'add') {
            // defineProperty: a plain assignment of `__proto__` would set the prototype, not a key.
            Object.defineProperty(out, String(at), { value, enumerable: true, configurable: true, writable: true });
            continue;
          }
          const keys = Object.keys(out).filter((k) =>
            name === 'text' ? typeof out[k] === 'string' : name === 'number' ? typeof out[k] === 'number' : true,
          );
          if (!keys.length) continue;
          const key = keys[(at as number) % keys.length]!;
          if (name === 'delete') delete out[key];
          else out[key] = value;
        }
        return out;
      }),
    },
    { weight: 1, arbitrary: wrongType },
    { weight: 1, arbitrary: deepValue },
  );
}

/** JSON text of a value, with RawJson tokens written as they are (undefined → no input). */
export function toJsonText(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (value instanceof RawJson) return value.text;
  const raws: string[] = [];
  const text = JSON.stringify(value, (_k, v: unknown) => {
    if (v instanceof RawJson) {
      raws.push(v.text);
      return `\u0001RAW${raws.length - 1}\u0001`;
    }
    if (typeof v === 'bigint') return v.toString();
    return v;
  });
  return text.replace(/"\\u0001RAW(\d+)\\u0001"/g, (_m, i: string) => raws[Number(i)]!);
}
