import { describe, expect, it } from 'vitest';
import { scriptJson } from '../../../src/render/html/script-json.js';

describe('scriptJson', () => {
  it.each([
    {
      name: 'a closing script tag',
      input: '</script><script>x()</script>',
      expected: '"\\u003c/script\\u003e\\u003cscript\\u003ex()\\u003c/script\\u003e"',
    },
    { name: 'a comment opener', input: '<!-- x', expected: '"\\u003c!-- x"' },
    { name: 'an ampersand', input: 'a & b', expected: '"a \\u0026 b"' },
    {
      name: 'line and paragraph separators',
      input: 'a\u2028b\u2029c',
      expected: '"a\\\\u2028b\\\\u2029c"',
      parsed: 'a\\u2028b\\u2029c',
    },
    {
      name: 'control characters, shown as the other formats show them',
      input: 'a\u0000\u001b\b\f\u007f\u0085\tz',
      expected: '"a\\\\u0000\\\\u001b\\\\u0008\\\\u000c\\\\u007f\\\\u0085\\tz"',
      parsed: 'a\\u0000\\u001b\\u0008\\u000c\\u007f\\u0085\tz',
    },
    { name: 'text that only looks like an escape', input: 'a\\u0000', expected: '"a\\\\u0000"' },
    { name: 'plain text', input: 'Ensure that keys rotate', expected: '"Ensure that keys rotate"' },
    { name: 'nothing', input: undefined, expected: 'null' },
  ] as { name: string; input: unknown; expected: string; parsed?: string }[])(
    'escapes $name',
    ({ input, expected, parsed }) => {
      const text = scriptJson(input);
      expect(text).toBe(expected);
      expect(JSON.parse(text)).toEqual(parsed ?? input ?? null);
    },
  );
});
