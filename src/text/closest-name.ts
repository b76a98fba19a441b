/**
 * The name in `names` that `given` most likely meant: the same but for case or
 * separators (`PDF`, `green_of_total`), else one within a few typing slips (`chek`,
 * `warnings`), else undefined.
 */
export function closestName(given: string, names: readonly string[]): string | undefined {
  const normal = normalise(given);
  const same = names.find((name) => normalise(name) === normal);
  if (same !== undefined) return same;
  let best: { name: string; distance: number } | undefined;
  for (const name of names) {
    const distance = editDistance(normal, normalise(name));
    if (distance <= Math.max(1, Math.floor(name.length / 3)) && (best === undefined || distance < best.distance))
      best = { name, distance };
  }
  return best?.name;
}

function normalise(name: string): string {
  return name.toLowerCase().replace(/[_\s]/g, '-');
}

/** Levenshtein distance; the names compared here are a few characters long. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}
