/**
 * Work started by a request that its answer must not wait for (a reset e-mail: the answer must take the same time
 * whether or not an account was found, and must not wait for an SMTP server). Failures are reported, never thrown
 * into the void; `idle()` waits for what is under way (the server's close, and tests).
 */
export class BackgroundTasks {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly onError: (err: unknown, name: string) => void) {}

  run(name: string, task: () => Promise<void>): void {
    const p = Promise.resolve()
      .then(task)
      .catch((err: unknown) => this.onError(err, name))
      .finally(() => this.pending.delete(p));
    this.pending.add(p);
  }

  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}
