// The "N done" lines of `npm run fuzz`: one every 10,000 cases, and every 200 for the
// renderers, whose cases take some 100 times longer, so a long run shows it is alive.

/**
 * @param {string} name the campaign (`check`, `render`, …)
 * @param {(line: string) => void} write where the lines go
 * @returns {(done: number) => void} the campaign's onProgress, called after every case
 */
export function progressLines(name, write) {
  const every = name === 'render' ? 200 : 10_000;
  return (done) => {
    if (done % every === 0) write(`  ${done.toLocaleString('en-US')} done\n`);
  };
}
