import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { plain, text, ZEmail, ZReviewReason } from './common.ts';
import { formatEnglish, setTranslator, tr } from './i18n.ts';

const FIRST_NAME = tr('field.firstName', 'First name');

describe('free text refuses control characters', () => {
  const controls = ['\u0000', '\u0001', '\u0008', '\u000b', '\u001b', '\u001f', '\u007f', '\u0085', '\u009f'];

  it('a one-line field refuses every control character, tabs and line breaks inside it included', () => {
    for (const c of [...controls, '\t', '\n', '\r']) {
      const r = text(FIRST_NAME).safeParse(`a${c}b`);
      expect(r.success, JSON.stringify(c)).toBe(false);
      expect(r.error?.issues.map((i) => i.message)).toContain('First name must not contain control characters');
    }
    expect(text(FIRST_NAME).parse('  Zoë-Ann O’Brien  ')).toBe('Zoë-Ann O’Brien');
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

describe('validation messages are said when parsing, in the language of the translator installed then', () => {
  it('English by default, byte for byte', () => {
    expect(text(FIRST_NAME).safeParse('').error?.issues[0]?.message).toBe('First name is required');
    expect(text(FIRST_NAME, 5).safeParse('abcdef').error?.issues[0]?.message).toBe(
      'First name must be at most 5 characters',
    );
    expect(ZEmail.safeParse('nope').error?.issues[0]?.message).toBe('Email must be a valid email address');
  });

  it('the translator installed later speaks, the field name included', () => {
    const schema = text(FIRST_NAME);
    const de: Record<string, string> = { 'field.firstName': 'Vorname', 'validation.required': '{label} fehlt' };
    setTranslator((m) => formatEnglish({ ...m, message: de[m.id] ?? m.message }));
    try {
      expect(schema.safeParse('').error?.issues[0]?.message).toBe('Vorname fehlt');
    } finally {
      setTranslator(formatEnglish);
    }
  });
});
