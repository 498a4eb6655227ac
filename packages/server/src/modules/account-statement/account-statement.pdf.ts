// The statement and the yearly summary as PDF, with pdf-lib (pure JavaScript, no native parts or fonts to
// install; the same library reads a PDF back, which the tests use). Helvetica is one of the PDF's standard
// fonts, so nothing is embedded and a one-page statement is about 2-3 KB.
import { formatCents, formatUnits, parseUnits, type TLocale } from '@vestora/contract';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { formatMonth, formatCentsIn, translatorFor } from '../../i18n/i18n.ts';
import {
  type CoinFigures,
  isoDay,
  monthName,
  type StatementFigures,
  type YearSummaryRow,
} from './account-statement.build.ts';
import { KIND_LABEL, movementKindLabel, PDF_TEXT, referenceText, YEAR_TEXT } from './account-statement.texts.ts';

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

// A coin's amounts need room: one wei of ETH (18 decimals, 20 characters with its sign) fits whole. A longer one
// is cut with '...' like any cell; the CSV always has it whole.
const COIN_COLUMNS: Column[] = [
  { title: 'Date', width: 58 },
  { title: 'Description', width: 82 },
  { title: 'Reference', width: 105 },
  { title: 'Amount', width: 125, align: 'right' },
  { title: 'Balance after', width: 125, align: 'right' },
];

/**
 * A coin's amount (an exact decimal string of its unit, as stored) for reading: trailing zeros dropped, the digits
 * in the locale's way (`1,234.5`, `1.234,5`), still exact (Intl reads a decimal string as written).
 */
function coinAmount(locale: TLocale, decimal: string, scale: number, sign = false): string {
  const parsed = parseUnits(decimal, scale, { signed: true });
  if (!parsed.ok) return decimal;
  const trimmed = formatUnits(parsed.value, scale, { trim: true });
  const decimals = trimmed.split('.')[1]?.length ?? 0;
  const text = new Intl.NumberFormat(locale, {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(trimmed as unknown as number);
  return sign && parsed.value > 0n ? `+${text}` : text;
}

/**
 * The languages the statement PDF is written in: the standard fonts draw Latin scripts only (WinAnsi) and pdf-lib
 * does no Arabic shaping, so an Arabic member's PDF is in English with a note saying so; their CSV is in Arabic.
 */
const PDF_LOCALES: readonly TLocale[] = ['en', 'de', 'es', 'pt-BR'];
/** English on purpose: the fonts could not draw the member's language (see PDF_LOCALES). */
const ENGLISH_ONLY_NOTE =
  'This PDF is in English (its font cannot show your language); the CSV file of the same figures is in it.';

/** The monthly statement as a PDF (A4, as many pages as the entries take), in the member's language (#22). */
export async function renderStatementPdf(
  s: StatementFigures,
  issuedAt: Date,
  memberLocale: TLocale = 'en',
): Promise<Uint8Array> {
  const locale: TLocale = PDF_LOCALES.includes(memberLocale) ? memberLocale : 'en';
  const t = translatorFor(locale);
  const english = locale === 'en';
  const amount = (cents: number) => (english ? money(cents) : formatCentsIn(locale, cents));
  const signedAmount = (cents: number) => (english ? signed(cents) : cents > 0 ? `+${amount(cents)}` : amount(cents));
  const month = english ? monthName(s.month) : formatMonth(locale, s.month.key);
  const rate = (bps: number) =>
    english
      ? `${(bps / 100).toFixed(2)}%`
      : new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 2 }).format(bps / 10_000);
  const { doc, w } = await newDocument(
    t(PDF_TEXT.title(BRAND, month)),
    t(PDF_TEXT.footer(BRAND, month, isoDay(issuedAt))),
  );
  stamp(doc, issuedAt);
  w.text(BRAND, { size: 18, bold: true, gap: 6 });
  w.text(t(PDF_TEXT.heading(month)), { size: 13, bold: true, gap: 4 });
  if (locale !== memberLocale) {
    w.text(ENGLISH_ONLY_NOTE, { size: 8, color: GREY, gap: 2 });
  }
  w.text(s.memberName, { size: 10, gap: 2 });
  w.text(t(PDF_TEXT.period(isoDay(s.month.start), isoDay(new Date(s.month.end.getTime() - 1)))), {
    size: 9,
    color: GREY,
    gap: 12,
  });

  const summary: Column[] = [
    { title: '', width: 180 },
    { title: '', width: 110, align: 'right' },
  ];
  w.row(summary, [t(PDF_TEXT.opening), amount(s.openingCents)]);
  w.row(summary, [t(PDF_TEXT.moneyIn), `+${amount(s.creditsCents)}`]);
  w.row(summary, [t(PDF_TEXT.moneyOut), s.debitsCents > 0 ? `-${amount(s.debitsCents)}` : amount(0)]);
  w.row(summary, [t(PDF_TEXT.closing), amount(s.closingCents)]);
  w.space(12);

  w.text(t(PDF_TEXT.entries(s.lines.length)), { size: 11, bold: true, gap: 6 });
  if (s.lines.length === 0) w.text(t(PDF_TEXT.noEntries), { size: 9, color: GREY });
  else
    w.table(
      ENTRY_COLUMNS.map((c, i) => ({ ...c, title: t(PDF_TEXT.entryColumns[i]!) })),
      s.lines.map((l) => [
        l.date,
        t(KIND_LABEL[l.kind]),
        t(referenceText(l)),
        signedAmount(l.amountCents),
        amount(l.balanceAfterCents),
      ]),
    );
  w.space(12);

  if (s.coins.length > 0) {
    w.text(t(PDF_TEXT.coins), { size: 11, bold: true, gap: 2 });
    w.text(t(PDF_TEXT.coinsNote), { size: 8, color: GREY, gap: 6 });
    for (const c of s.coins) drawCoin(w, c, locale);
    w.space(6);
  }

  w.text(t(PDF_TEXT.positions), { size: 11, bold: true, gap: 6 });
  if (s.positions.length === 0) w.text(t(PDF_TEXT.none), { size: 9, color: GREY });
  else
    w.table(
      POSITION_COLUMNS.map((c, i) => ({ ...c, title: t(PDF_TEXT.positionColumns[i]!) })),
      s.positions.map((p) => [
        p.planName,
        isoDay(p.startedAt),
        isoDay(p.maturityAt),
        rate(p.annualRateBps),
        amount(p.principalCents),
        amount(p.interestPaidCents),
      ]),
    );
  return doc.save({ useObjectStreams: false });
}

/** One coin's small table: held at the start, each line of the month, held at the end. */
function drawCoin(w: Writer, c: CoinFigures, locale: TLocale) {
  const t = translatorFor(locale);
  // The asset's code in the two balances; the table's columns are of that coin (its heading says which).
  const held = (d: string) => `${coinAmount(locale, d, c.scale)} ${c.asset}`;
  w.text(`${c.name} (${c.asset})`, { size: 10, bold: true, gap: 4 });
  const summary: Column[] = [
    { title: '', width: 180 },
    { title: '', width: 180, align: 'right' },
  ];
  w.row(summary, [t(PDF_TEXT.coinOpening), held(c.opening)]);
  if (c.lines.length === 0) w.text(t(PDF_TEXT.coinNoLines), { size: 9, color: GREY });
  else
    w.table(
      COIN_COLUMNS.map((col, i) => ({ ...col, title: t(PDF_TEXT.entryColumns[i]!) })),
      c.lines.map((l) => [
        l.date,
        t(movementKindLabel(l.kind)),
        t(referenceText(l)),
        coinAmount(locale, l.amount, c.scale, true),
        coinAmount(locale, l.balanceAfter, c.scale),
      ]),
    );
  w.row(summary, [t(PDF_TEXT.coinClosing), held(c.closing)]);
  w.space(8);
}

/** The yearly summary (interest and referral rewards paid in the year, per plan) as a PDF. */
export async function renderYearSummaryPdf(
  summary: { year: number; memberName: string; rows: readonly YearSummaryRow[] },
  madeAt: Date,
  memberLocale: TLocale = 'en',
): Promise<Uint8Array> {
  // Arabic: in English with a note, as the monthly statement (the standard fonts cannot draw it).
  const locale: TLocale = PDF_LOCALES.includes(memberLocale) ? memberLocale : 'en';
  const t = translatorFor(locale);
  const amount = (cents: number) => (locale === 'en' ? money(cents) : formatCentsIn(locale, cents));
  const year = String(summary.year);
  const { doc, w } = await newDocument(
    t(YEAR_TEXT.title(BRAND, year)),
    t(YEAR_TEXT.footer(BRAND, year, isoDay(madeAt))),
  );
  stamp(doc, madeAt);
  w.text(BRAND, { size: 18, bold: true, gap: 6 });
  w.text(t(YEAR_TEXT.heading(year)), { size: 13, bold: true, gap: 4 });
  if (locale !== memberLocale) w.text(ENGLISH_ONLY_NOTE, { size: 8, color: GREY, gap: 2 });
  w.text(summary.memberName, { size: 10, gap: 12 });
  const widths = [200, 95, 100, 95];
  const columns: Column[] = YEAR_TEXT.columns.map((title, i) => ({
    title: t(title),
    width: widths[i]!,
    ...(i > 0 ? { align: 'right' as const } : {}),
  }));
  const interest = summary.rows.reduce((s, r) => s + r.interestCents, 0);
  const rewards = summary.rows.reduce((s, r) => s + r.referralRewardCents, 0);
  if (summary.rows.length === 0) w.text(t(YEAR_TEXT.nothing(year)), { size: 10 });
  else
    w.table(columns, [
      ...summary.rows.map((r) => [
        r.planName,
        amount(r.interestCents),
        amount(r.referralRewardCents),
        amount(r.interestCents + r.referralRewardCents),
      ]),
      [t(YEAR_TEXT.total), amount(interest), amount(rewards), amount(interest + rewards)],
    ]);
  return doc.save({ useObjectStreams: false });
}
