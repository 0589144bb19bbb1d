import { CSV_USER_COLUMNS } from '@verdict/shared';

/** Splits CSV text into rows (RFC 4180: quoted fields, doubled quotes, CRLF or LF). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((f) => f.trim() !== ''));
}

export type Gender = 'male' | 'female' | 'secrecy';
/** Spec 03 §5: "male" or 0 is male, "female" or 1 is female, anything else secrecy. */
export function csvGender(v: string | undefined): Gender {
  const s = (v ?? '').trim().toLowerCase();
  if (s === 'male' || s === '0') return 'male';
  if (s === 'female' || s === '1') return 'female';
  return 'secrecy';
}

export interface CsvUserRow {
  /** Line in the file, counting from 1. */
  line: number;
  cells: string[];
  username: string;
  password: string;
  email: string;
  realname: string;
  gender: Gender;
  nickname: string;
  school: string;
  /** Why the row will be skipped (missing username or password), or null. */
  skip: 'missing' | null;
}

export type CsvReadError = 'notCsv' | 'notUtf8' | 'empty';

/** Checks the file is a .csv in UTF-8 and reads its seven columns; a first row naming the columns is dropped. */
export async function readUserCsv(file: File): Promise<{ rows: CsvUserRow[] } | { error: CsvReadError }> {
  if (!/\.csv$/i.test(file.name)) return { error: 'notCsv' };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(await file.arrayBuffer());
  } catch {
    return { error: 'notUtf8' };
  }
  const raw = parseCsv(text.replace(/^\uFEFF/, ''));
  const firstLine = raw.length && raw[0][0]?.trim().toLowerCase() === CSV_USER_COLUMNS[0] ? 1 : 0;
  const rows = raw.slice(firstLine).map((cells, i) => {
    const c = (k: number) => (cells[k] ?? '').trim();
    const r: CsvUserRow = {
      line: i + 1 + firstLine,
      cells: CSV_USER_COLUMNS.map((_, k) => c(k)),
      username: c(0), password: c(1), email: c(2), realname: c(3), gender: csvGender(cells[4]), nickname: c(5), school: c(6),
      skip: null,
    };
    if (!r.username || !r.password) r.skip = 'missing';
    return r;
  });
  if (!rows.length) return { error: 'empty' };
  return { rows };
}
