/**
 * The words of a Markdown excerpt as plain text, for one-line previews (message lists): links
 * and images keep their text, code its content; markup, HTML tags and line structure go. The
 * excerpt may be cut anywhere, so an unclosed fence or link is tolerated. React escapes the result.
 */
export function markdownPlainText(md: string): string {
  return md
    .replace(/```[^\n]*\n?([\s\S]*?)(?:```|$)/g, '$1')
    .replace(/!\[([^\]]*)\](?:\([^)]*\)?)?/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)?/g, '$1')
    .replace(/<\/?[a-zA-Z][^>]*>?/g, '')
    .replace(/^[ \t]{0,3}(?:#{1,6}[ \t]+|>[ \t]?|[-*+][ \t]+|\d+[.)][ \t]+)/gm, '')
    .replace(/(\*\*|__|~~)(?=\S)([\s\S]*?\S)\1/g, '$2')
    .replace(/(^|[^\w*])([*_])(?=\S)([^*_\n]*?\S)\2(?![\w*])/g, '$1$3')
    .replace(/`+([^`]*)`+/g, '$1')
    .replace(/\$\$?([^$]*)\$\$?/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}
