/**
 * Decoding a home site's answer in the charset it declares: HDU and POJ serve GBK (gb2312) pages,
 * which read as UTF-8 would turn every Chinese character of a statement into replacement marks.
 */

/** The charset named by a Content-Type header, else by a <meta> tag near the top of an HTML page. */
export function declaredCharset(contentType: string | null, head: Buffer): string | null {
  const fromHeader = /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType ?? '');
  if (fromHeader) return fromHeader[1];
  const top = head.subarray(0, 2048).toString('latin1');
  const fromMeta = /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(top);
  return fromMeta ? fromMeta[1] : null;
}

/** The body as text: the declared charset when node knows it, UTF-8 otherwise. */
export function decodeBody(body: Buffer, contentType: string | null): string {
  const charset = declaredCharset(contentType, body);
  if (charset) {
    try {
      return new TextDecoder(charset.toLowerCase()).decode(body);
    } catch {
      // An unknown label: fall through to UTF-8 rather than fail the page.
    }
  }
  return new TextDecoder('utf-8').decode(body);
}
