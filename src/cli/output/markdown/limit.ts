/** How much text a pull-request comment or job summary takes, and how the host counts it. */

export interface MarkdownLimit {
  max: number;
  /** GitHub counts a comment in characters (code points) and a step summary in bytes (UTF-8). */
  unit: 'characters' | 'bytes';
  /** Said in the note when the plan was shortened. */
  what: string;
}

export const COMMENT_LIMIT: MarkdownLimit = Object.freeze({
  max: 65_536,
  unit: 'characters',
  what: "GitHub's limit of 65,536 characters for a comment",
});
export const STEP_SUMMARY_LIMIT: MarkdownLimit = Object.freeze({
  max: 1_048_576,
  unit: 'bytes',
  what: "GitHub's limit of 1 MiB for a job summary",
});

export function measure(text: string, unit: MarkdownLimit['unit']): number {
  if (unit === 'bytes') return Buffer.byteLength(text, 'utf8');
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0xd800 || c > 0xdbff) n++;
  }
  return n;
}

/** `--markdown-limit`: `comment` (65,536 characters), `step-summary` (1 MiB), `none`, or a number of characters. */
export function parseMarkdownLimit(value: string): MarkdownLimit | null {
  if (value === 'comment') return COMMENT_LIMIT;
  if (value === 'step-summary') return STEP_SUMMARY_LIMIT;
  if (value === 'none') return null;
  if (/^[1-9]\d*$/.test(value))
    return {
      max: Number(value),
      unit: 'characters',
      what: `the limit of ${Number(value).toLocaleString('en-US')} characters`,
    };
  throw new Error(
    `--markdown-limit: expected comment, step-summary, none or a number of characters, got ${JSON.stringify(value)}`,
  );
}
