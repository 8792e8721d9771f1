/**
 * Turns pushes from concurrent work into one AsyncIterable: the runner's clusters push
 * events as they happen, the consumer iterates. Ends when `close()` is called; `fail()` makes
 * the iteration throw.
 */
export class EventChannel<T> implements AsyncIterable<T> {
  readonly #queue: T[] = [];
  #wake: (() => void) | undefined;
  #closed = false;
  #error: unknown;

  push(event: T): void {
    this.#queue.push(event);
    this.#wake?.();
  }

  close(): void {
    this.#closed = true;
    this.#wake?.();
  }

  fail(error: unknown): void {
    this.#error = error ?? new Error('event source failed');
    this.close();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    for (;;) {
      while (this.#queue.length > 0) yield this.#queue.shift() as T;
      if (this.#error !== undefined) throw this.#error;
      if (this.#closed) return;
      await new Promise<void>((resolve) => {
        this.#wake = resolve;
      });
      this.#wake = undefined;
    }
  }
}
