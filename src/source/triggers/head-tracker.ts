/**
 * Remembers the last commit a trigger saw, so that an event that did not move the watched ref
 * (a commit on the status branch, an index write, a fetch with nothing new) emits nothing.
 */
export class HeadTracker {
  private last: string | undefined;
  private readonly read: () => Promise<string | undefined>;

  /** `read` resolves the watched ref to its commit (`undefined` while it does not exist). */
  constructor(read: () => Promise<string | undefined>) {
    this.read = read;
  }

  /** Sets the baseline without reporting it (the run loop's first pass covers it). */
  async prime(): Promise<void> {
    this.last = await this.read();
  }

  /** The new commit when the ref moved since the last call, else `undefined`. */
  async changed(): Promise<string | undefined> {
    const now = await this.read();
    if (now === undefined || now === this.last) return undefined;
    this.last = now;
    return now;
  }
}
