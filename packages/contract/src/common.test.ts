import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { plain, text, ZReviewReason } from './common.ts';

describe('free text refuses control characters', () => {
  const controls = ['\u0000', '\u0001', '\u0008', '\u000b', '\u001b', '\u001f', '\u007f', '\u0085', '\u009f'];

  it('a one-line field refuses every control character, tabs and line breaks inside it included', () => {
    for (const c of [...controls, '\t', '\n', '\r']) {
      const r = text('First name').safeParse(`a${c}b`);
      expect(r.success, JSON.stringify(c)).toBe(false);
      expect(r.error?.issues.map((i) => i.message)).toContain('First name must not contain control characters');
    }
    expect(text('First name').parse('  Zoë-Ann O’Brien  ')).toBe('Zoë-Ann O’Brien');
  });

  it('a multi-line field keeps tabs and line breaks and refuses the rest', () => {
    expect(ZReviewReason.parse('line one\n\tline two\r\nend')).toBe('line one\n\tline two\r\nend');
    for (const c of controls) expect(ZReviewReason.safeParse(`a${c}b`).success, JSON.stringify(c)).toBe(false);
  });

  it('keeps the schema it wraps (its own rules and chaining)', () => {
    const s = plain(z.string().max(3), 'Code');
    expect(s.safeParse('abcd').success).toBe(false);
    expect(s.optional().parse(undefined)).toBeUndefined();
  });
});
