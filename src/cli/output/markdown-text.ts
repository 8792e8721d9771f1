/**
 * Pieces of Markdown that stay what they are whatever text they hold (plan-markdown.ts), and how
 * big a text is as the host counts it.
 */

/** The size of `text` as the host counts it: code points (a comment) or UTF-8 bytes (a job summary). */
export function measure(text: string, unit: 'characters' | 'bytes'): number {
  if (unit === 'bytes') return Buffer.byteLength(text, 'utf8');
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0xd800 || c > 0xdbff) n++;
  }
  return n;
}

/** Inline code that survives backticks in the text. */
export function code(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((r) => r.length));
  const tick = '`'.repeat(longest + 1);
  return longest > 0 ? `${tick} ${text} ${tick}` : `${tick}${text}${tick}`;
}

/** Text in a table cell or list item: one line, no HTML, no cell break. */
export function plain(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

/** A fence longer than any run of backticks in the diff, so the diff can never close it. */
export function fenceFor(text: string): string {
  const longest = Math.max(0, ...(text.match(/`{3,}/g) ?? []).map((r) => r.length));
  return '`'.repeat(Math.max(3, longest + 1));
}

