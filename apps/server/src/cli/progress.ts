/** A one-line progress bar on a terminal, or a line per tenth when output is not a terminal (CI logs). */
export function progressBar(label: string, total: number) {
  const tty = process.stdout.isTTY;
  const started = Date.now();
  let lastTenth = -1;
  return {
    update(done: number) {
      const ratio = total === 0 ? 1 : done / total;
      const width = 30;
      const filled = Math.round(ratio * width);
      const rate = done / Math.max(0.001, (Date.now() - started) / 1000);
      const line = `${label} [${'#'.repeat(filled)}${' '.repeat(width - filled)}] ${(ratio * 100).toFixed(0).padStart(3)}% ${done.toLocaleString('en-GB')}/${total.toLocaleString('en-GB')} (${Math.round(rate).toLocaleString('en-GB')}/s)`;
      if (tty) process.stdout.write(`\r${line}`);
      else if (Math.floor(ratio * 10) > lastTenth) {
        lastTenth = Math.floor(ratio * 10);
        console.log(line);
      }
    },
    done() {
      if (tty) process.stdout.write('\n');
      console.log(`${label}: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    },
  };
}
