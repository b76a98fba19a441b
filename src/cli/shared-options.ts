/**
 * A coerce function for an option that takes one value: yargs makes an array of a
 * repeated option (`-o a -o b`), which would otherwise reach the command as a list
 * where a path is expected.
 */
export function oneValue(option: string): (value: unknown) => unknown {
  return (value) => {
    if (Array.isArray(value)) {
      throw new Error(`--${option} was given ${value.length} times (${value.map(String).join(', ')}); give it once`);
    }
    return value;
  };
}
