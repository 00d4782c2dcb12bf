/**
 * Lookups that start in the same turn of the event loop, answered together (decision 049): `run` gets the distinct
 * keys of one turn and answers a value for each. A lookup always waits for the next `run`, never for one already
 * started, so what answers it began after the lookup was asked: a read that sees every commit acknowledged before
 * the request arrived, exactly as a statement of its own would. Nothing is kept once a turn's run has answered.
 */
export class TurnBatch<K, V> {
  private waiting: { key: K; resolve: (value: V) => void; reject: (err: unknown) => void }[] = [];
  private scheduled = false;
  /** Runs started and lookups answered (tests and benches read them). */
  readonly stats = { runs: 0, lookups: 0 };

  constructor(private readonly run: (keys: K[]) => Promise<V[]>) {}

  get(key: K): Promise<V> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ key, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        // The check phase follows the poll phase, which has taken in every request that arrived in this turn; no
        // timer, so a lone lookup waits for nothing.
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    const waiting = this.waiting;
    this.waiting = [];
    this.scheduled = false;
    const keys = [...new Set(waiting.map((w) => w.key))];
    this.stats.runs++;
    this.stats.lookups += waiting.length;
    try {
      const values = await this.run(keys);
      const byKey = new Map(keys.map((k, i) => [k, values[i] as V]));
      for (const w of waiting) w.resolve(byKey.get(w.key) as V);
    } catch (err) {
      for (const w of waiting) w.reject(err);
    }
  }
}
