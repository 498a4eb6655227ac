import { describe, expect, it } from 'vitest';
import { newsletterCsvFileName, newsletterToCsv } from './newsletter-csv';

describe('newsletter CSV export', () => {
  it('writes a header and one row per confirmed address, CRLF, formula-like text defused', () => {
    expect(
      newsletterToCsv([
        { email: 'ada@example.com', confirmedAt: '2026-03-01T09:00:00.000Z' },
        { email: '=cmd@example.com', confirmedAt: '2026-03-02T10:00:00.000Z' },
      ]),
    ).toBe(
      "email,confirmed at\r\nada@example.com,2026-03-01T09:00:00.000Z\r\n'=cmd@example.com,2026-03-02T10:00:00.000Z\r\n",
    );
  });

  it('names the file with the local date', () => {
    expect(newsletterCsvFileName(new Date(2026, 2, 5, 12))).toBe('vestora-newsletter-2026-03-05.csv');
  });
});
