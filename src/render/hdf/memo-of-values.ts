/**
 * What `make` gives for values from small sets (colours, severities, services), made
 * once each: looked up by the report's own string, so that nothing new is built per
 * policy.
 */
export class MemoOfValues<T> {
  private readonly known = new Map<string, T>();
  constructor(private readonly make: (value: string) => T) {}

  /** What `make` gives for `value`, made at its first use. */
  of(value: string): T {
    let made = this.known.get(value);
    if (made === undefined) {
      made = this.make(value);
      // Bounded: a hostile report could make every value distinct.
      if (this.known.size < 4096) this.known.set(value, made);
    }
    return made;
  }
}
