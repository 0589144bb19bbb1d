import { DEFAULT_PROBLEM_LANGUAGES } from '@verdict/shared';
import { childElements, parseXml, textOf, XmlDtdError, XmlError, type XmlElement } from './xml.js';
import type { ParsedArchive } from './types.js';
import { AppError } from '../../../http/errors.js';

const FPS_LANGS: Record<string, string> = { C: 'C', 'C++': 'C++', Java: 'Java', Python: 'Python3', Pascal: 'Pascal', Golang: 'Golang', Go: 'Golang', 'C#': 'C#' };

/** FPS limits: time in s (or ms), memory in mb (or kb). */
function timeMs(el: XmlElement | undefined) {
  const v = Number(textOf(el).trim());
  if (!Number.isFinite(v) || v <= 0) return 1000;
  return Math.max(1, Math.round((el?.attrs.unit ?? 's').toLowerCase() === 'ms' ? v : v * 1000));
}
function memoryMb(el: XmlElement | undefined) {
  const v = Number(textOf(el).trim());
  if (!Number.isFinite(v) || v <= 0) return 256;
  return Math.max(1, Math.round((el?.attrs.unit ?? 'mb').toLowerCase() === 'kb' ? v / 1024 : v));
}

/**
 * Free Problem Set XML (HUSTOJ's exchange format): one `<item>` per problem with title, limits,
 * statement parts, sample and test input/output pairs, optional spj and base64 images.
 * FPS has no problem ids: `nextId()` hands out free numeric ones.
 */
export function readFpsXml(xml: string, nextId: () => string): ParsedArchive {
  let root: XmlElement;
  try {
    root = parseXml(xml.replace(/^\uFEFF/, ''));
  } catch (e) {
    if (e instanceof XmlDtdError) throw new AppError(400, 'importXmlDtd');
    throw new AppError(400, 'importXmlInvalid', { reason: e instanceof XmlError ? e.message : 'unreadable' });
  }
  const fps = childElements(root, 'fps')[0];
  if (!fps) throw new AppError(400, 'importFormatUnknown', { format: 'FPS' });
  const out: ParsedArchive = { problems: [], skipped: [] };
  for (const item of childElements(fps, 'item')) {
    const one = (name: string) => childElements(item, name)[0];
    const all = (name: string) => childElements(item, name).map(textOf);
    const title = textOf(one('title')).trim();
    const label = title || `item ${out.problems.length + out.skipped.length + 1}`;
    const tin = all('test_input');
    const tout = all('test_output');
    // HUSTOJ exports remote-judge problems as items without data: they are judged on their home site.
    const remote = textOf(one('remote_oj')).trim();
    if (remote) { out.skipped.push({ label, reason: 'importRemoteItem', vars: { oj: remote.slice(0, 40) } }); continue; }
    if (!tin.length) { out.skipped.push({ label, reason: 'problemNoTestData' }); continue; }
    if (tin.length !== tout.length) { out.skipped.push({ label, reason: 'importTestCountMismatch', vars: { inputs: tin.length, outputs: tout.length } }); continue; }
    const sin = all('sample_input');
    const sout = all('sample_output');
    const spjEl = one('spj');
    const spjCode = spjEl ? textOf(spjEl) : '';
    // The stored type comes from the bytes (importer: checkStatementFile), not from the name.
    const images = childElements(item, 'img').map((img) => ({
      src: textOf(childElements(img, 'src')[0]).trim(),
      data: Buffer.from(textOf(childElements(img, 'base64')[0]).replace(/\s+/g, ''), 'base64'),
    })).filter((i) => i.src && i.data.length);
    out.problems.push({
      label,
      body: {
        problem: {
          problemId: nextId(), title, description: textOf(one('description')), input: textOf(one('input')), output: textOf(one('output')),
          hint: textOf(one('hint')), source: textOf(one('source')).slice(0, 1000),
          examples: sin.map((s, i) => ({ input: s, output: sout[i] ?? '' })),
          timeLimit: timeMs(one('time_limit')), memoryLimit: memoryMb(one('memory_limit')), type: 0,
          spjCode: spjCode.trim() ? spjCode : null, spjLanguage: spjCode.trim() ? (FPS_LANGS[spjEl?.attrs.language ?? 'C'] ?? 'C') : null,
        },
        languages: [...DEFAULT_PROBLEM_LANGUAGES],
        tags: [],
        codeTemplates: [],
        judgeMode: spjCode.trim() ? 'spj' : 'default',
        isUploadTestCase: true,
      },
      cases: tin.map((input, i) => ({ input, output: tout[i] })),
      images,
      // FPS spj code is HUSTOJ's: `spj input answer user_output`, exit 0 Accepted, any other Wrong Answer.
      checkerConvention: spjCode.trim() ? 'hustoj' : undefined,
    });
  }
  return out;
}
