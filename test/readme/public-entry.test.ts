import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as entry from '../../src/index.js';

/** The Library section names every value of the public entry and counts them right. */
describe('README: the public entry', () => {
  const readme = readFileSync('README.md', 'utf8');
  const library = readme.slice(readme.indexOf('## Library'), readme.indexOf('## Development'));
  const values = Object.keys(entry).sort();

  it('names each value the package exports', () => {
    expect(values.filter((name) => !library.includes(`\`${name}\``))).toEqual([]);
  });

  it('counts them as the package does', () => {
    expect(/(\d+) values in all/.exec(library)?.[1]).toBe(String(values.length));
  });
});
