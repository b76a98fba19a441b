/**
 * A glob as a RegExp over a whole value: `*` is any run of characters (`/` included,
 * since account names are not paths), `?` one character, everything else itself.
 * Case-sensitive, like the values the service returns.
 */
export function globToRegExp(glob: string): RegExp {
  let source = '';
  for (const char of glob) {
    if (char === '*') source += '.*';
    else if (char === '?') source += '.';
    else source += char.replace(/[\\^$.|+()[\]{}]/g, '\\$&');
  }
  return new RegExp(`^${source}$`, 'su');
}
