/**
 * Whether a text needs KaTeX and its stylesheet: `$` maths, or KaTeX HTML rendered elsewhere
 * (LibreOJ-derived FPS statements). Such HTML carries a MathML copy and the TeX source beside the
 * visible formula; only KaTeX's stylesheet hides them, so without it each formula shows three times.
 */
export const needsMath = (source: string) => source.includes('$') || /class\s*=\s*["'][^"']*\bkatex\b/.test(source);
