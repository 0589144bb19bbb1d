import yauzl from 'yauzl';

/** Every entry of a zip as text. */
export function zipTexts(buf: Buffer): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buf, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const out = new Map<string, string>();
      zip.on('entry', (e: yauzl.Entry) => {
        zip.openReadStream(e, (err2, s) => {
          if (err2 || !s) return reject(err2);
          const chunks: Buffer[] = [];
          s.on('data', (c: Buffer) => chunks.push(c));
          s.on('end', () => { out.set(e.fileName, Buffer.concat(chunks).toString('utf8')); zip.readEntry(); });
        });
      });
      zip.on('end', () => resolve(out));
      zip.readEntry();
    });
  });
}

const unescape = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');

/**
 * The first sheet of an .xlsx as rows of cells, read the way a spreadsheet program would: numbers
 * as numbers, inline strings as text, and any formula cell reported as `{ formula }`.
 */
export async function readSheet(buf: Buffer): Promise<(string | number | { formula: string } | null)[][]> {
  const files = await zipTexts(buf);
  for (const part of ['[Content_Types].xml', '_rels/.rels', 'xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/styles.xml']) {
    if (!files.has(part)) throw new Error(`missing part ${part}`);
  }
  const xml = files.get('xl/worksheets/sheet1.xml') ?? '';
  const rows: (string | number | { formula: string } | null)[][] = [];
  for (const [, body] of xml.matchAll(/<row [^>]*>(.*?)<\/row>/g)) {
    const row: (string | number | { formula: string } | null)[] = [];
    for (const [, ref, attrs, inner] of body.matchAll(/<c r="([A-Z]+)\d+"([^>]*)>(.*?)<\/c>/g)) {
      let col = 0;
      for (const ch of ref) col = col * 26 + (ch.charCodeAt(0) - 64);
      while (row.length < col - 1) row.push(null);
      const f = /<f>(.*?)<\/f>/.exec(inner);
      if (f) row.push({ formula: unescape(f[1]) });
      else if (attrs.includes('t="inlineStr"')) row.push(unescape(/<t[^>]*>(.*?)<\/t>/s.exec(inner)?.[1] ?? ''));
      else row.push(Number(/<v>(.*?)<\/v>/.exec(inner)?.[1]));
    }
    rows.push(row);
  }
  return rows;
}
