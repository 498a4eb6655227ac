/**
 * Texts that cross the border between server and web (error messages, validation messages) as message
 * descriptors: a stable id, the English text in ICU MessageFormat (`{name}` placeholders, `{n, plural, ...}`),
 * and the values. The server sends the English text (the legacy API keeps it) together with the id and values;
 * the web shows the text in the reader's language from its catalog (packages/contract/src/locales/<locale>.po),
 * extracted from every `tr(...)` call by `pnpm i18n:extract` (scripts/i18n/tr-extractor.ts).
 *
 * `tr`'s first two arguments must be string literals (the extractor reads them from the source).
 */
export type MsgValues = Readonly<Record<string, string | number>>;

export interface Msg {
  readonly id: string;
  readonly message: string;
  readonly values?: MsgValues;
}

/** A message descriptor. `values` fill the placeholders of `message`. */
export function tr(id: string, message: string, values?: MsgValues): Msg {
  return values ? { id, message, values } : { id, message };
}

export function isMsg(value: unknown): value is Msg {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Msg).id === 'string' &&
    typeof (value as Msg).message === 'string'
  );
}

const PLURAL = /\{(\w+),\s*(plural|select),((?:[^{}]|\{[^{}]*\})*)\}/g;
const PLURAL_CASE = /(=\d+|[\w-]+)\s*\{([^{}]*)\}/g;
const englishPlural = new Intl.PluralRules('en');

/**
 * The English text of a descriptor: `{name}` placeholders and `{n, plural, one {...} other {...}}` (with `#`),
 * `{kind, select, deposit {...} other {...}}`, the ICU subset the English messages of the contract and server use. Other languages are rendered by Lingui.
 */
export function formatEnglish(msg: Msg): string {
  const values = msg.values ?? {};
  const withPlurals = msg.message.replace(PLURAL, (whole, name: string, kind: string, body: string) => {
    const cases = new Map<string, string>();
    for (const m of body.matchAll(PLURAL_CASE)) cases.set(m[1] ?? '', m[2] ?? '');
    if (kind === 'select') {
      if (!Object.hasOwn(values, name)) return whole;
      return cases.get(String(values[name])) ?? cases.get('other') ?? '';
    }
    const n = Number(values[name]);
    if (!Number.isFinite(n)) return whole;
    const chosen = cases.get(`=${n}`) ?? cases.get(englishPlural.select(n)) ?? cases.get('other') ?? '';
    return chosen.replace(/#/g, String(n));
  });
  return withPlurals.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}

/** How the running program turns a descriptor into text: English until the web installs its translator. */
let translator: (msg: Msg) => string = formatEnglish;

export function setTranslator(fn: (msg: Msg) => string): void {
  translator = fn;
}

/** The text of a descriptor in the current language (the web's) or English (the server's default). */
export function translate(msg: Msg): string {
  return translator(msg);
}
