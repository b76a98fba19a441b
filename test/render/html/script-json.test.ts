import { describe, expect, it } from 'vitest';
import { scriptJson } from '../../../src/render/html/script-json.js';

describe('scriptJson', () => {
  it.each([
    { name: 'a closing script tag', input: '</script><script>x()</script>', expected: '"\\u003c/script\\u003e\\u003cscript\\u003ex()\\u003c/script\\u003e"' },
    { name: 'a comment opener', input: '<!-- x', expected: '"\\u003c!-- x"' },
    { name: 'an ampersand', input: 'a & b', expected: '"a \\u0026 b"' },
    { name: 'line and paragraph separators', input: 'a\u2028b\u2029c', expected: '"a\\u2028b\\u2029c"' },
    { name: 'plain text', input: 'Ensure that keys rotate', expected: '"Ensure that keys rotate"' },
    { name: 'nothing', input: undefined, expected: 'null' },
  ])('escapes $name', ({ input, expected }) => {
    const text = scriptJson(input);
    expect(text).toBe(expected);
    expect(JSON.parse(text)).toEqual(input ?? null);
  });
});
