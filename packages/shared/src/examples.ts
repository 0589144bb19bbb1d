/** Examples are stored as one text of `<input>..</input><output>..</output>` pairs (spec 01 §3). */
export function formatExamples(pairs: { input: string; output: string }[]): string {
  return pairs.map((p) => `<input>${p.input}</input><output>${p.output}</output>`).join('');
}
export function parseExamples(text: string | null | undefined): { input: string; output: string }[] {
  const out: { input: string; output: string }[] = [];
  const re = /<input>([\s\S]*?)<\/input>\s*<output>([\s\S]*?)<\/output>/g;
  for (let m = re.exec(text ?? ''); m; m = re.exec(text ?? '')) out.push({ input: m[1], output: m[2] });
  return out;
}
