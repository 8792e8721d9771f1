/** Maps character offsets of one text to 1-based line and column numbers. */
export class LineIndex {
  readonly #starts: number[];

  constructor(text: string) {
    const starts = [0];
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
    this.#starts = starts;
  }

  position(offset: number): { line: number; column: number } {
    let lo = 0;
    let hi = this.#starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.#starts[mid] as number) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - (this.#starts[lo] as number) + 1 };
  }
}
