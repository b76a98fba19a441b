import { describe, expect, it } from 'vitest';
import * as entry from '../../src/index.js';
import { page } from '../support/documentation.js';

/** The library page names every value of the public entry and counts them right. */
describe('docs: the public entry', () => {
  const library = page('docs/library.md').text;
  const values = Object.keys(entry).sort();

  it('names each value the package exports', () => {
    expect(values.filter((name) => !library.includes(`\`${name}\``))).toEqual([]);
  });

  it('counts them as the package does', () => {
    expect(/(\d+) values in all/.exec(library)?.[1]).toBe(String(values.length));
  });
});
