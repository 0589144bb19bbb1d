/**
 * A GBK encoder for the HDU and POJ stand-ins, which serve their pages in GBK as the real sites do.
 * Node decodes GBK but cannot encode it, so the table is node's own decoder run backwards over the
 * double-byte range.
 */
let table: Map<string, number> | null = null;

function encoderTable(): Map<string, number> {
  if (table) return table;
  table = new Map();
  const decoder = new TextDecoder('gbk');
  for (let lead = 0x81; lead <= 0xfe; lead++) {
    for (let trail = 0x40; trail <= 0xfe; trail++) {
      if (trail === 0x7f) continue;
      const ch = decoder.decode(Uint8Array.of(lead, trail));
      if (ch.length === 1 && ch !== '\ufffd' && !table.has(ch)) table.set(ch, (lead << 8) | trail);
    }
  }
  return table;
}

export function encodeGbk(text: string): Buffer {
  const t = encoderTable();
  const bytes: number[] = [];
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code < 0x80) bytes.push(code);
    else {
      const pair = t.get(ch);
      if (pair === undefined) bytes.push(0x3f); // '?', as a GBK page would show it
      else bytes.push(pair >> 8, pair & 0xff);
    }
  }
  return Buffer.from(bytes);
}
