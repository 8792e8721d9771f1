/** Markdown pieces that survive whatever text they hold: inline code, table cells, fenced diffs. */

/** Inline code that survives backticks in the text. */
export function code(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((r) => r.length));
  const tick = '`'.repeat(longest + 1);
  return longest > 0 ? `${tick} ${text} ${tick}` : `${tick}${text}${tick}`;
}

/** Text in a table cell or list item: one line, no HTML, no cell break. */
export function plain(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\|/g, '\\|')
    .replace(/\r?\n/g, ' ');
}

/** A fence longer than any run of backticks in the diff, so the diff can never close it. */
function fenceFor(text: string): string {
  const longest = Math.max(0, ...(text.match(/`{3,}/g) ?? []).map((r) => r.length));
  return '`'.repeat(Math.max(3, longest + 1));
}

/** A fenced diff, whole or with only its first `keep` lines and a note saying how many are left out. */
export function diffBlock(diff: string, keep?: number): string {
  const fence = fenceFor(diff);
  if (keep === undefined) return `${fence}diff\n${diff}\n${fence}\n\n`;
  const lines = diff.split('\n');
  return `${fence}diff\n${lines.slice(0, keep).join('\n')}\n${fence}\n\n_✂️ ${lines.length - keep} more lines of this diff left out (size limit)._\n\n`;
}

export function signed(gained: number, lost: number): string {
  const parts = [...(gained > 0 ? [`+${gained}`] : []), ...(lost > 0 ? [`−${lost}`] : [])];
  return parts.join(' ') || '0';
}
