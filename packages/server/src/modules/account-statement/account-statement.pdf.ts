// The statement and the yearly summary as PDF, with pdf-lib (pure JavaScript, no native parts or fonts to
// install; the same library reads a PDF back, which the tests use). Helvetica is one of the PDF's standard
// fonts, so nothing is embedded and a one-page statement is about 2-3 KB.
import { formatCents } from '@vestora/contract';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { isoDay, monthName, type StatementFigures, type YearSummaryRow } from './account-statement.build.ts';

const BRAND = 'Vestora';
const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;
const GREY = rgb(0.4, 0.4, 0.4);

/** `$1,234.56`, `-$10.00`. */
const money = (cents: number) => (cents < 0 ? `-$${formatCents(-cents)}` : `$${formatCents(cents)}`);
const signed = (cents: number) => (cents > 0 ? `+${money(cents)}` : money(cents));

// The standard fonts speak WinAnsi (Latin-1 and a few more): anything else (a name in another script, an emoji
// in a memo) is printed as '?', never a failed statement.
const WIN_ANSI_EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
function printable(text: string): string {
  let out = '';
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    out += (c >= 0x20 && c <= 0x7e) || (c >= 0xa0 && c <= 0xff) || WIN_ANSI_EXTRA.includes(ch) ? ch : '?';
  }
  return out;
}

interface Column {
  title: string;
  width: number;
  align?: 'right';
}

/** Writes text top-down over as many pages as it takes. */
class Writer {
  private page: PDFPage;
  private y: number;
  constructor(
    private readonly doc: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
    private readonly footer: string,
  ) {
    this.page = this.newPage();
    this.y = A4[1] - MARGIN;
  }

  private newPage(): PDFPage {
    const page = this.doc.addPage(A4);
    page.drawText(printable(this.footer), { x: MARGIN, y: MARGIN / 2, size: 7, font: this.font, color: GREY });
    return page;
  }

  /** Makes room for `height` points, starting a page when this one is full. */
  private room(height: number): void {
    if (this.y - height < MARGIN) {
      this.page = this.newPage();
      this.y = A4[1] - MARGIN;
    }
  }

  private fit(text: string, width: number, size: number, font: PDFFont): string {
    let t = printable(text);
    if (font.widthOfTextAtSize(t, size) <= width) return t;
    while (t.length > 1 && font.widthOfTextAtSize(`${t}...`, size) > width) t = t.slice(0, -1);
    return `${t}...`;
  }

  text(text: string, opts: { size?: number; bold?: boolean; gap?: number; color?: ReturnType<typeof rgb> } = {}) {
    const size = opts.size ?? 10;
    this.room(size + 4);
    const font = opts.bold ? this.bold : this.font;
    this.page.drawText(this.fit(text, A4[0] - 2 * MARGIN, size, font), {
      x: MARGIN,
      y: this.y - size,
      size,
      font,
      ...(opts.color ? { color: opts.color } : {}),
    });
    this.y -= size + (opts.gap ?? 4);
  }

  space(points: number) {
    this.y -= points;
  }

  /** A row of cells; `header` rows are bold with a rule under them. */
  row(columns: readonly Column[], cells: readonly string[], header = false) {
    const size = 9;
    this.room(size + 6);
    const font = header ? this.bold : this.font;
    let x = MARGIN;
    columns.forEach((col, i) => {
      const text = this.fit(cells[i] ?? '', col.width - 6, size, font);
      const w = font.widthOfTextAtSize(text, size);
      this.page.drawText(text, { x: col.align === 'right' ? x + col.width - 6 - w : x, y: this.y - size, size, font });
      x += col.width;
    });
    this.y -= size + 5;
    if (header) {
      this.page.drawLine({
        start: { x: MARGIN, y: this.y + 2 },
        end: { x: MARGIN + columns.reduce((s, c) => s + c.width, 0), y: this.y + 2 },
        thickness: 0.5,
        color: GREY,
      });
      this.y -= 2;
    }
  }

  /** A table whose header is repeated on every page it spans. */
  table(columns: readonly Column[], rows: readonly (readonly string[])[]) {
    const titles = columns.map((c) => c.title);
    this.row(columns, titles, true);
    for (const r of rows) {
      if (this.y - 14 < MARGIN) {
        this.page = this.newPage();
        this.y = A4[1] - MARGIN;
        this.row(columns, titles, true);
      }
      this.row(columns, r);
    }
  }
}

async function newDocument(title: string, footer: string) {
  const doc = await PDFDocument.create();
  doc.setTitle(printable(title));
  doc.setProducer(BRAND);
  doc.setCreator(BRAND);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  return { doc, w: new Writer(doc, font, bold, footer) };
}

// Fixed dates so the same statement renders to the same bytes (pdf-lib stamps the time of creation otherwise).
function stamp(doc: PDFDocument, issuedAt: Date) {
  doc.setCreationDate(issuedAt);
  doc.setModificationDate(issuedAt);
}

const ENTRY_COLUMNS: Column[] = [
  { title: 'Date', width: 62 },
  { title: 'Description', width: 108 },
  { title: 'Reference', width: 155 },
  { title: 'Amount', width: 85, align: 'right' },
  { title: 'Balance after', width: 85, align: 'right' },
];
const POSITION_COLUMNS: Column[] = [
  { title: 'Plan', width: 150 },
  { title: 'Opened', width: 65 },
  { title: 'Matures', width: 65 },
  { title: 'Rate', width: 45, align: 'right' },
  { title: 'Principal', width: 85, align: 'right' },
  { title: 'Interest paid', width: 85, align: 'right' },
];

/** The monthly statement as a PDF (A4, as many pages as the entries take). */
export async function renderStatementPdf(s: StatementFigures, issuedAt: Date): Promise<Uint8Array> {
  const title = `${BRAND} account statement, ${monthName(s.month)}`;
  const { doc, w } = await newDocument(
    title,
    `${BRAND} · Statement for ${monthName(s.month)} · issued ${isoDay(issuedAt)} · US dollars · ` +
      'checked when issued: opening balance + entries = closing balance',
  );
  stamp(doc, issuedAt);
  w.text(BRAND, { size: 18, bold: true, gap: 6 });
  w.text(`Account statement: ${monthName(s.month)}`, { size: 13, bold: true, gap: 4 });
  w.text(s.memberName, { size: 10, gap: 2 });
  w.text(`${isoDay(s.month.start)} to ${isoDay(new Date(s.month.end.getTime() - 1))} (UTC)`, {
    size: 9,
    color: GREY,
    gap: 12,
  });

  const summary: Column[] = [
    { title: '', width: 180 },
    { title: '', width: 110, align: 'right' },
  ];
  w.row(summary, ['Opening balance', money(s.openingCents)]);
  w.row(summary, ['Money in', `+${money(s.creditsCents)}`]);
  w.row(summary, ['Money out', s.debitsCents > 0 ? `-${money(s.debitsCents)}` : money(0)]);
  w.row(summary, ['Closing balance', money(s.closingCents)]);
  w.space(12);

  w.text(`Entries (${s.lines.length})`, { size: 11, bold: true, gap: 6 });
  if (s.lines.length === 0) w.text('No ledger entries this month.', { size: 9, color: GREY });
  else
    w.table(
      ENTRY_COLUMNS,
      s.lines.map((l) => [l.date, l.label, l.reference, signed(l.amountCents), money(l.balanceAfterCents)]),
    );
  w.space(12);

  w.text('Open positions at the end of the month', { size: 11, bold: true, gap: 6 });
  if (s.positions.length === 0) w.text('None.', { size: 9, color: GREY });
  else
    w.table(
      POSITION_COLUMNS,
      s.positions.map((p) => [
        p.planName,
        isoDay(p.startedAt),
        isoDay(p.maturityAt),
        `${(p.annualRateBps / 100).toFixed(2)}%`,
        money(p.principalCents),
        money(p.interestPaidCents),
      ]),
    );
  return doc.save({ useObjectStreams: false });
}

/** The yearly summary (interest and referral rewards paid in the year, per plan) as a PDF. */
export async function renderYearSummaryPdf(
  summary: { year: number; memberName: string; rows: readonly YearSummaryRow[] },
  madeAt: Date,
): Promise<Uint8Array> {
  const { doc, w } = await newDocument(
    `${BRAND} interest summary ${summary.year}`,
    `${BRAND} · Interest summary ${summary.year} · made ${isoDay(madeAt)} · US dollars · amounts credited ` +
      `from 1 January to 31 December ${summary.year} (UTC)`,
  );
  stamp(doc, madeAt);
  w.text(BRAND, { size: 18, bold: true, gap: 6 });
  w.text(`Interest summary: ${summary.year}`, { size: 13, bold: true, gap: 4 });
  w.text(summary.memberName, { size: 10, gap: 12 });
  const columns: Column[] = [
    { title: 'Plan', width: 200 },
    { title: 'Interest paid', width: 95, align: 'right' },
    { title: 'Referral rewards', width: 100, align: 'right' },
    { title: 'Total', width: 95, align: 'right' },
  ];
  const interest = summary.rows.reduce((s, r) => s + r.interestCents, 0);
  const rewards = summary.rows.reduce((s, r) => s + r.referralRewardCents, 0);
  if (summary.rows.length === 0) w.text(`Nothing was paid to you in ${summary.year}.`, { size: 10 });
  else
    w.table(columns, [
      ...summary.rows.map((r) => [
        r.planName,
        money(r.interestCents),
        money(r.referralRewardCents),
        money(r.interestCents + r.referralRewardCents),
      ]),
      ['Total', money(interest), money(rewards), money(interest + rewards)],
    ]);
  return doc.save({ useObjectStreams: false });
}
