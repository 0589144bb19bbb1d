/**
 * A small RFC 4180 reader: comma-separated fields, fields in double quotes may hold commas,
 * line breaks and doubled quotes (""), CRLF or LF line ends. Blank lines are dropped, and the
 * 1-based line number each record starts on is kept for the import report.
 */
export interface CsvRecord { line: number; fields: string[] }

export function parseCsv(text: string): CsvRecord[] {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text; // a UTF-8 BOM written by Excel
  const out: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  const endRecord = () => {
    fields.push(field);
    if (!(fields.length === 1 && fields[0].trim() === '')) out.push({ line: recordLine, fields });
    fields = [];
    field = '';
  };
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (quoted) {
      if (c === '"') {
        if (src[i + 1] === '"') { field += '"'; i++; } else quoted = false;
      } else {
        if (c === '\n') line++;
        field += c;
      }
      continue;
    }
    if (c === '"' && field.trim() === '') { field = ''; quoted = true; } else if (c === ',') { fields.push(field); field = ''; } else if (c === '\r' && src[i + 1] === '\n') {
      // CRLF: the \n ends the record.
    } else if (c === '\n' || c === '\r') {
      endRecord();
      line++;
      recordLine = line;
    } else field += c;
  }
  if (field !== '' || fields.length > 0) endRecord();
  return out;
}

/** Quotes a value for a CSV cell when it needs it (used for the generated password list). */
export function csvCell(v: string): string {
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}
