import { describe, expect, test } from 'vitest';
import { checkDocumentFile, refusalMessage } from './kyc-upload';

const MB = 1024 * 1024;

describe('a document before it is sent', () => {
  test('PNG, JPEG and PDF up to the limit may go; other types, empty files and bigger ones are refused', () => {
    expect(checkDocumentFile({ type: 'image/png', size: 120 }, 10 * MB)).toBeNull();
    expect(checkDocumentFile({ type: 'image/jpeg', size: 10 * MB }, 10 * MB)).toBeNull();
    expect(checkDocumentFile({ type: 'application/pdf', size: 2 * MB }, 10 * MB)).toBeNull();
    expect(checkDocumentFile({ type: 'image/svg+xml', size: 300 }, 10 * MB)).toBe('type');
    expect(checkDocumentFile({ type: '', size: 300 }, 10 * MB)).toBe('type');
    expect(checkDocumentFile({ type: 'image/png', size: 10 * MB + 1 }, 10 * MB)).toBe('size');
    expect(checkDocumentFile({ type: 'image/png', size: 0 }, 10 * MB)).toBe('empty');
  });

  test("the server's refusal is its message; a body that is not one gives null", () => {
    expect(refusalMessage(JSON.stringify({ err: 'This file is not a PNG, JPEG or PDF.' }))).toBe(
      'This file is not a PNG, JPEG or PDF.',
    );
    expect(refusalMessage(JSON.stringify({ err: 'file: The file is larger than 10 MB.' }))).toBe(
      'The file is larger than 10 MB.',
    );
    expect(refusalMessage('<!DOCTYPE html><p>Bad gateway</p>')).toBeNull();
    expect(refusalMessage(JSON.stringify({ ok: false }))).toBeNull();
  });
});
