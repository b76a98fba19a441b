import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { precompiledTemplates } from '../../../src/render/html/generated/precompiled-templates.js';
import { handlebarsCompiler, handlebarsRuntime, runtimeFile } from '../../../src/render/html/handlebars-module.js';

describe('the handlebars runtime file', () => {
  it(`is ${runtimeFile} of the installed handlebars, of the compiler's version, and runs the precompiled templates`, () => {
    const installed = (createRequire(import.meta.url)('handlebars/package.json') as { version: string }).version;
    const runtime = handlebarsRuntime();
    expect(runtime.VERSION, 'upgrading handlebars: check that its runtime file is still published at this path').toBe(
      installed,
    );
    expect(handlebarsCompiler().VERSION).toBe(installed);
    const header = precompiledTemplates['fleet-account-header'];
    if (header === undefined) throw new Error('fleet-account-header is not precompiled');
    expect(runtime.create().template(header)({})).toBe(readFileSync('templates/fleet-account-header.hbs', 'utf8'));
    expect(runtime.Utils.escapeExpression("O'Brien <x> = `y`")).toBe(
      handlebarsCompiler().Utils.escapeExpression("O'Brien <x> = `y`"),
    );
  });
});
