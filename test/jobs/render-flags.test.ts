import { describe, expect, it } from 'vitest';
import { isCspmError } from '../../src/index.js';
import { renderOptionsOf, type RenderFlags } from '../../src/jobs/render-flags.js';

const flags = (changes: Partial<RenderFlags>): RenderFlags => ({
  landscape: false,
  policies: 'failing',
  showPaths: false,
  bom: false,
  ...changes,
});

describe('renderOptionsOf', () => {
  it('names the options no format of the run reads, with the formats that would', () => {
    const { options, unread } = renderOptionsOf(flags({ landscape: true, bom: true }), ['html']);
    expect(options.landscape).toBe(true);
    expect(unread.map(({ option }) => option)).toEqual(['landscape', 'csvBom']);
    expect(unread.find(({ option }) => option === 'csvBom')?.readers).toContain('csv');
    expect(renderOptionsOf(flags({ landscape: true }), ['pdf']).unread).toEqual([]);
  });

  it('reads the logo file and checks the columns', () => {
    const { options } = renderOptionsOf(flags({ logo: 'test/fixtures/logo.png', fields: 'policy-id, compliance' }), [
      'pdf',
    ]);
    expect(options.logo).toBeDefined();
    expect(options.csv?.fields).toEqual(['policy-id', 'compliance']);
    const refused = (() => {
      try {
        return renderOptionsOf(flags({ fields: 'policy-id,colour' }), ['csv']);
      } catch (error) {
        return error;
      }
    })();
    expect(isCspmError(refused) && refused.message).toMatch(/--fields: unknown column "colour"/);
  });
});
