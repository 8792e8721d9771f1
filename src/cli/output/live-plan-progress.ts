/**
 * One line on a terminal's stderr while a live plan dry-runs every member, redrawn as each one
 * ends and wiped before the plan prints: a fleet with a slow member otherwise looks hung.
 */
export class LivePlanProgress {
  readonly #write: (text: string) => void;
  #done = 0;
  #unreachable = 0;

  constructor(write: (text: string) => void) {
    this.#write = write;
    this.#draw('reading the members');
  }

  clusterDone(cluster: string, read: boolean): void {
    this.#done++;
    if (!read) this.#unreachable++;
    const failed = this.#unreachable > 0 ? `, ${this.#unreachable} unreachable` : '';
    this.#draw(`${this.#done} member${this.#done === 1 ? '' : 's'} dry-run${failed} (last: ${cluster})`);
  }

  /** Wipes the line. */
  finish(): void {
    this.#write('\r\u001b[2K');
  }

  #draw(text: string): void {
    this.#write(`\r\u001b[2Klive plan: ${text}…`);
  }
}
