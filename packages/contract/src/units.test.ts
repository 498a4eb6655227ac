import { describe, expect, it } from 'vitest';
import {
  MAX_UNITS_DIGITS,
  type UnitsRefusal,
  centsToUnits,
  formatUnits,
  parseUnits,
  unitsPerWhole,
  unitsToCents,
} from './units.ts';
import { zUnits, zUnitsString } from './units-schema.ts';

const USD = 2;
const BTC = 8;
const ETH = 18;

const value = (text: string, scale: number, opts?: Parameters<typeof parseUnits>[2]) => {
  const r = parseUnits(text, scale, opts);
  if (!r.ok) throw new Error(`${text} refused: ${r.reason}`);
  return r.value;
};
const reason = (text: string, scale: number, opts?: Parameters<typeof parseUnits>[2]) => {
  const r = parseUnits(text, scale, opts);
  return r.ok ? `accepted ${r.value}` : r.reason;
};

/** A seeded generator (xorshift64*), so the "random" cases are the same on every run. */
function generator(seed: bigint) {
  let s = seed;
  const MASK = (1n << 64n) - 1n;
  const next = (): bigint => {
    s ^= s >> 12n;
    s ^= (s << 25n) & MASK;
    s ^= s >> 27n;
    return (s * 2685821657736338717n) & MASK;
  };
  /** A non-negative integer of up to `digits` decimal digits, its length spread evenly. */
  const integer = (digits: number): bigint => {
    const length = Number(next() % BigInt(digits)) + 1;
    let text = '';
    while (text.length < length) text += next().toString();
    return BigInt(text.slice(0, length));
  };
  return { next, integer };
}

describe('parseUnits reads exact amounts', () => {
  const cases: [string, number, bigint][] = [
    ['0', USD, 0n],
    ['12', USD, 1200n],
    ['12.5', USD, 1250n],
    ['12.50', USD, 1250n],
    ['0.01', USD, 1n],
    ['007.10', USD, 710n],
    ['0.00120000', BTC, 120000n],
    ['0.0012', BTC, 120000n],
    ['21000000', BTC, 2_100_000_000_000_000n],
    ['0.00000001', BTC, 1n],
    ['1', ETH, 10n ** 18n],
    ['0.000000000000000001', ETH, 1n],
    ['5', 0, 5n],
  ];
  for (const [text, scale, expected] of cases) {
    it(`'${text}' at scale ${scale} → ${expected}`, () => expect(value(text, scale)).toBe(expected));
  }

  it('reads a sign only where asked, and -0 as 0', () => {
    expect(value('-12.34', USD, { signed: true })).toBe(-1234n);
    expect(value('-0', USD, { signed: true })).toBe(0n);
    expect(reason('-12.34', USD)).toBe('sign');
    expect(reason('-0', USD)).toBe('sign');
  });

  it('beyond 2^53, exactly (where a number of cents or satoshis stops being exact)', () => {
    // 2^53 + 1 satoshis: a JavaScript number would read 9007199254740992.
    expect(value('90071992.54740993', BTC)).toBe(2n ** 53n + 1n);
    expect(Number('9007199254740993')).toBe(2 ** 53); // what a float makes of it
    expect(value('90071992547409.93', USD)).toBe(9_007_199_254_740_993n);
    // 10^18 wei is one ether; a billion ether in wei is 10^27, beyond PostgreSQL's bigint.
    expect(value('1000000000', ETH)).toBe(10n ** 27n);
    expect(value('1000000000.000000000000000001', ETH)).toBe(10n ** 27n + 1n);
  });

  it('up to 78 digits in the smallest unit (2^256 - 1 wei), not one more', () => {
    const max256 = 2n ** 256n - 1n;
    const text = formatUnits(max256, ETH);
    expect(max256.toString()).toHaveLength(78);
    expect(value(text, ETH)).toBe(max256);
    expect(value('9'.repeat(78), 0)).toBe(10n ** 78n - 1n);
    expect(reason('1' + '0'.repeat(78), 0)).toBe('tooLarge');
    expect(reason('1' + '0'.repeat(60), ETH)).toBe('tooLarge'); // 61 + 18 digits of wei
    // Leading zeros are no digits of the amount.
    expect(value('0'.repeat(200) + '1', 0)).toBe(1n);
    expect(MAX_UNITS_DIGITS).toBe(78);
  });

  it('honours a maximum and a positive amount', () => {
    expect(value('10000000.00', USD, { max: 1_000_000_000n })).toBe(1_000_000_000n);
    expect(reason('10000000.01', USD, { max: 1_000_000_000n })).toBe('tooLarge');
    expect(reason('-10000000.01', USD, { max: 1_000_000_000n, signed: true })).toBe('tooLarge');
    expect(reason('0', USD, { positive: true })).toBe('notPositive');
    expect(reason('0.00', USD, { positive: true })).toBe('notPositive');
    expect(value('0.01', USD, { positive: true })).toBe(1n);
  });
});

describe('parseUnits refuses what is not an exact amount, saying why', () => {
  const refusals: [string, number, UnitsRefusal][] = [
    ['', USD, 'empty'],
    ['-', USD, 'empty'],
    ['1e-8', BTC, 'exponent'],
    ['1E3', USD, 'exponent'],
    ['1.5e+2', USD, 'exponent'],
    ['.5e1', USD, 'exponent'],
    ['12.345', USD, 'tooManyDecimals'],
    ['1.000', USD, 'tooManyDecimals'],
    ['0.000000001', BTC, 'tooManyDecimals'],
    ['1.5', 0, 'tooManyDecimals'],
    ['+1', USD, 'malformed'],
    ['-1', USD, 'sign'],
    [' 1', USD, 'malformed'],
    ['1 ', USD, 'malformed'],
    ['1,5', USD, 'malformed'],
    ['1,000.00', USD, 'malformed'],
    ['1_000', USD, 'malformed'],
    ['.5', USD, 'malformed'],
    ['5.', USD, 'malformed'],
    ['--1', USD, 'malformed'],
    ['0x10', USD, 'malformed'],
    ['Infinity', USD, 'malformed'],
    ['NaN', USD, 'malformed'],
    ['abc', USD, 'malformed'],
    ['١٢', USD, 'malformed'], // Arabic-Indic digits: the wire carries ASCII digits only
    ['1.2.3', USD, 'malformed'],
  ];
  for (const [text, scale, expected] of refusals) {
    it(`'${text}' at scale ${scale}: ${expected}`, () => expect(reason(text, scale)).toBe(expected));
  }

  it('gives a readable message with each refusal', () => {
    const r = parseUnits('0.001', USD);
    expect(r).toMatchObject({ ok: false, reason: 'tooManyDecimals' });
    if (!r.ok) expect(r.message).toMatchObject({ id: 'validation.units.tooManyDecimals', values: { scale: 2 } });
  });

  it('throws for a scale that is no asset (a bug in the caller, not an input)', () => {
    expect(() => parseUnits('1', -1)).toThrow(RangeError);
    expect(() => parseUnits('1', 1.5)).toThrow(RangeError);
    expect(() => formatUnits(1n, 79)).toThrow(RangeError);
    expect(unitsPerWhole(8)).toBe(100_000_000n);
  });
});

describe('formatUnits writes the exact decimal string', () => {
  const cases: [bigint, number, string, string][] = [
    // units, scale, every decimal, trimmed
    [0n, USD, '0.00', '0'],
    [1n, USD, '0.01', '0.01'],
    [1250n, USD, '12.50', '12.5'],
    [-1250n, USD, '-12.50', '-12.5'],
    [120000n, BTC, '0.00120000', '0.0012'],
    [2_100_000_000_000_000n, BTC, '21000000.00000000', '21000000'],
    [10n ** 18n, ETH, '1.000000000000000000', '1'],
    [1n, ETH, '0.000000000000000001', '0.000000000000000001'],
    [5n, 0, '5', '5'],
    [2n ** 53n + 1n, USD, '90071992547409.93', '90071992547409.93'],
  ];
  for (const [units, scale, full, trimmed] of cases) {
    it(`${units} at scale ${scale} → '${full}', trimmed '${trimmed}'`, () => {
      expect(formatUnits(units, scale)).toBe(full);
      expect(formatUnits(units, scale, { trim: true })).toBe(trimmed);
    });
  }

  it('keeps the decimals asked for when trimming', () => {
    expect(formatUnits(1200n, USD, { trim: true, minDecimals: 2 })).toBe('12.00');
    expect(formatUnits(120000n, BTC, { trim: true, minDecimals: 2 })).toBe('0.0012');
    expect(formatUnits(100_000_000n, BTC, { trim: true, minDecimals: 2 })).toBe('1.00');
    expect(formatUnits(5n, 0, { trim: true, minDecimals: 2 })).toBe('5'); // no decimals to keep
  });
});

describe('round trips (seeded, so every run checks the same 3,000 cases per scale)', () => {
  for (const scale of [0, USD, 6, BTC, ETH, 30]) {
    it(`scale ${scale}: formatUnits then parseUnits gives the value back, trimmed or not`, () => {
      const g = generator(BigInt(scale) * 7919n + 1n);
      for (let i = 0; i < 3000; i++) {
        const size = g.integer(MAX_UNITS_DIGITS);
        const units = g.next() % 2n === 0n ? size : -size;
        for (const text of [formatUnits(units, scale), formatUnits(units, scale, { trim: true })]) {
          const r = parseUnits(text, scale, { signed: true });
          expect(r.ok && r.value, `${units} → '${text}'`).toBe(units);
        }
      }
    });

    it(`scale ${scale}: parseUnits then formatUnits writes the canonical form of the text`, () => {
      const g = generator(BigInt(scale) * 104729n + 3n);
      for (let i = 0; i < 3000; i++) {
        const whole = g.integer(20).toString();
        const fraction = scale === 0 ? '' : g.integer(scale).toString().padStart(scale, '0').slice(0, scale);
        const text = fraction ? `${whole}.${fraction}` : whole;
        const units = value(text, scale);
        expect(formatUnits(units, scale)).toBe(text);
      }
    });
  }
});

describe('cents numbers and bigint units', () => {
  it('converts safe integers both ways, exactly, up to 2^53 - 1', () => {
    for (const cents of [0, 1, -1, 1999, 100_000_000_000, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER]) {
      const units = centsToUnits(cents);
      expect(units).toBe(BigInt(cents));
      expect(unitsToCents(units!)).toBe(cents);
    }
    expect(centsToUnits(-0)).toBe(0n);
  });

  it('refuses what is not a safe integer: fractions of a cent, NaN, 2^53 and beyond', () => {
    for (const bad of [0.5, 0.1 + 0.2, NaN, Infinity, -Infinity, 2 ** 53, -(2 ** 53), 1e21]) {
      expect(centsToUnits(bad), String(bad)).toBeNull();
    }
    expect(unitsToCents(2n ** 53n)).toBeNull();
    expect(unitsToCents(-(2n ** 53n))).toBeNull();
    expect(unitsToCents(10n ** 18n)).toBeNull();
    expect(unitsToCents(2n ** 53n - 1n)).toBe(Number.MAX_SAFE_INTEGER);
  });
});

describe('zUnits for tRPC inputs', () => {
  it('parses a decimal string to its smallest unit', () => {
    expect(zUnits(BTC).parse('0.00120000')).toBe(120000n);
    expect(zUnits(ETH).parse('1.5')).toBe(1_500_000_000_000_000_000n);
    expect(zUnits(USD, { signed: true }).parse('-3.10')).toBe(-310n);
    expect(zUnitsString(BTC).parse('0.0012')).toBe('0.0012');
  });

  it('refuses numbers, floats in text and too many decimals with one clear message each', () => {
    const messages = (schema: ReturnType<typeof zUnits>, input: unknown) => {
      const r = schema.safeParse(input);
      expect(r.success, JSON.stringify(input)).toBe(false);
      return r.error!.issues.map((i) => i.message);
    };
    expect(messages(zUnits(BTC), 0.0012)).toEqual(['Amount must be a decimal string (like "12.50")']);
    expect(messages(zUnits(BTC), '1e-8')).toEqual([
      'Write the amount in plain digits, without an exponent (like 0.00012)',
    ]);
    expect(messages(zUnits(USD), '0.001')).toEqual(['Amount can have at most 2 decimals']);
    expect(messages(zUnits(USD), '-1')).toEqual(['Amount cannot be negative']);
    expect(messages(zUnits(USD), '')).toEqual(['Amount is required']);
    expect(messages(zUnits(USD, { positive: true }), '0')).toEqual(['Amount must be greater than zero']);
    expect(messages(zUnits(USD, { max: 1_000_000_000n }), '10000000.01')).toEqual(['Amount cannot exceed 10000000.00']);
    expect(messages(zUnits(USD), '1,000')).toEqual([
      'Write the amount in digits with a point for decimals (like 12.5)',
    ]);
  });
});
