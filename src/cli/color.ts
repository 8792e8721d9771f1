import { styleText } from 'node:util';

export type Paint = (format: Parameters<typeof styleText>[0], text: string) => string;

/** Colours only on a TTY, and never with --no-color or NO_COLOR. */
export function painter(noColor: boolean, stream: NodeJS.WriteStream = process.stdout): Paint {
  const enabled = !noColor && stream.isTTY === true && !process.env['NO_COLOR'];
  return enabled ? (format, text) => styleText(format, text, { validateStream: false }) : (_f, text) => text;
}
