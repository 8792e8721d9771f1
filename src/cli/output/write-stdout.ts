/**
 * Writes a large output straight to stdout and waits until it is flushed: console.log (oclif's
 * `log`) formats its argument and is several times slower on a plan of hundreds of MB, and an
 * exit before the flush would cut a piped plan short.
 */
export function writeStdout(text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    process.stdout.write(text.endsWith('\n') ? text : `${text}\n`, (err) => (err ? reject(err) : resolve()));
  });
}
