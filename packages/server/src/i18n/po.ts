/**
 * A small reader of the PO catalogs Lingui writes (packages/server/src/locales/<locale>.po): each entry's
 * `msgid` (our explicit id) and `msgstr` (the translation), with their continued lines and C escapes. The
 * server reads them at start-up without Lingui's tooling (a dev dependency).
 */
export interface PoEntry {
  id: string;
  translation: string;
}

const UNESCAPE: Record<string, string> = { n: '\n', t: '\t', r: '\r', '"': '"', '\\': '\\' };

function unquote(s: string): string {
  const inner = s.trim().replace(/^"/, '').replace(/"$/, '');
  return inner.replace(/\\(.)/g, (_, c: string) => UNESCAPE[c] ?? c);
}

export function parsePo(text: string): PoEntry[] {
  const entries: PoEntry[] = [];
  let id: string | undefined;
  let translation: string | undefined;
  let field: 'id' | 'str' | undefined;
  const flush = () => {
    if (id) entries.push({ id, translation: translation ?? '' });
    id = undefined;
    translation = undefined;
    field = undefined;
  };
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '') {
      flush();
    } else if (line.startsWith('#')) {
      if (field === 'str') flush();
    } else if (line.startsWith('msgctxt ')) {
      if (field === 'str') flush();
    } else if (line.startsWith('msgid ')) {
      if (field === 'str') flush();
      id = unquote(line.slice(6));
      field = 'id';
    } else if (line.startsWith('msgstr ')) {
      translation = unquote(line.slice(7));
      field = 'str';
    } else if (line.startsWith('"')) {
      if (field === 'id') id = (id ?? '') + unquote(line);
      else if (field === 'str') translation = (translation ?? '') + unquote(line);
    }
  }
  flush();
  return entries;
}
