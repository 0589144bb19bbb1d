import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeBody } from '../../src/modules/remote-judge/charset.js';
import { htmlText, htmlToMarkdown } from '../../src/modules/remote-judge/html-markdown.js';
import { createSiteHttp } from '../../src/modules/remote-judge/site-http.js';
import { json, startStandIn, type StandIn } from './stand-in.js';
import { encodeGbk } from './stand-ins/gbk.js';

const base = 'https://acm.hdu.edu.cn/showproblem.php?pid=1000';

describe('statement HTML to markdown', () => {
  it('paragraphs, breaks, emphasis, lists, headings and absolute links', () => {
    expect(htmlToMarkdown('<p>First <b>bold</b> and <i>it</i>.</p><p>Second line<br>next line</p>', base)).toBe('First **bold** and *it*.\n\nSecond line  \nnext line');
    expect(htmlToMarkdown('<ul><li>one</li><li>two <a href="/x.php?a=1&amp;b=2">link</a></li></ul><ol><li>a</li><li>b</li></ol>', base))
      .toBe('- one\n- two [link](https://acm.hdu.edu.cn/x.php?a=1&b=2)\n\n1. a\n2. b');
    expect(htmlToMarkdown('<h2>Title</h2><div>x<sup>2</sup> &le; 10<sup>9</sup>&nbsp;&#x4e2d;&#25991;</div>', base)).toBe('### Title\n\nx<sup>2</sup> ≤ 10<sup>9</sup> 中文');
  });

  it('drops scripts and unsafe links, escapes markdown in text but not in TeX or code, keeps <pre> verbatim', () => {
    expect(htmlToMarkdown('<script>alert(1)</script><style>p{}</style>a*b_c, $a_i*b$, <code>x_y</code>', base)).toBe('a\\*b\\_c, $a_i*b$, `x_y`');
    expect(htmlToMarkdown('<a href="javascript:alert(1)">bad</a> <img src="data/a b.png" alt="[x]">', base)).toBe('bad ![x](https://acm.hdu.edu.cn/data/a%20b.png)');
    expect(htmlToMarkdown('<pre>  int main() {\n    return 0;\n  }</pre>after', base)).toBe('```\n  int main() {\n    return 0;\n  }\n```\n\nafter');
    expect(htmlToMarkdown('x &lt;script&gt; y', base)).toBe('x &lt;script> y');
  });

  it('plain text of a fragment', () => {
    expect(htmlText('Runtime Error<br>(ACCESS_VIOLATION) &amp; <b>more</b>')).toBe('Runtime Error\n(ACCESS_VIOLATION) & more');
  });
});

describe('site pages in their declared charset', () => {
  let site: StandIn;
  beforeAll(async () => {
    site = await startStandIn({
      'GET /header': () => ({ headers: { 'content-type': 'text/html; charset=GBK' }, body: encodeGbk('<p>杭电 OJ</p>') }),
      'GET /meta': () => ({ headers: { 'content-type': 'text/html' }, body: encodeGbk('<html><head><meta http-equiv="Content-Type" content="text/html; charset=gb2312" /></head><body>北京大学</body></html>') }),
      'GET /utf8': () => ({ headers: { 'content-type': 'text/html' }, body: '<p>Zürich 東京</p>' }),
      'POST /token': (req) => json({ auth: req.headers.authorization ?? null }),
    });
  });
  afterAll(() => site.close());

  it('decodes GBK named by the header or by a <meta> tag, UTF-8 otherwise', async () => {
    const h = createSiteHttp({ baseUrl: site.url, minIntervalMs: 0 });
    expect((await h.get('/header')).text).toBe('<p>杭电 OJ</p>');
    expect((await h.get('/meta')).text).toContain('北京大学');
    expect((await h.get('/utf8')).text).toBe('<p>Zürich 東京</p>');
    expect(decodeBody(Buffer.from('abc'), 'text/html; charset=no-such-charset')).toBe('abc');
  });

  it('sends extra headers (a bearer token) with a JSON call', async () => {
    const h = createSiteHttp({ baseUrl: site.url, minIntervalMs: 0 });
    expect((await h.postJson('/token', {}, { headers: { authorization: 'Bearer t0k' } })).json()).toEqual({ auth: 'Bearer t0k' });
    expect((await h.postJson('/token', {})).json()).toEqual({ auth: null });
  });
});
