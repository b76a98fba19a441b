import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CspmError } from '../../../src/error/cspm-error.js';
import { loadConfig, type ConfigRequest } from '../../../src/jobs/settings/load-config.js';
import type { OptionFact } from '../../../src/jobs/settings/option-facts.js';
import { settleConfig } from '../../../src/jobs/settings/settle-config.js';
import { useTempDir } from '../../support/temp-dir.js';

const tempDir = useTempDir();

/** An option's declaration, as the command line would state it. */
function fact(type: OptionFact['type'], more: Partial<OptionFact> = {}): OptionFact {
  return { type, array: false, choices: undefined, positional: false, coerce: undefined, ...more };
}

const shared = new Map([
  ['fail-on', fact('string', { choices: ['error', 'warning', 'never'] })],
  ['rule', fact('string', { array: true })],
]);
const checkOptions = new Map([...shared, ['logo', fact('string')], ['inputs', fact('string', { positional: true })]]);

/** A request from `top/a/b` for `check`, with option facts given as data; `asked` lists the sections read. */
function request(top: string, file?: string): { request: ConfigRequest; asked: string[] } {
  const cwd = join(top, 'a', 'b');
  mkdirSync(cwd, { recursive: true });
  const asked: string[] = [];
  const bounds = { home: join(top, '..', 'home'), tmpdir: join(top, '..', 'tmp') };
  const options = {
    shared,
    commands: ['check', 'gate'],
    optionsOf: (command: string) => {
      asked.push(command);
      return command === 'check' ? checkOptions : shared;
    },
  };
  return { request: { command: 'check', file, cwd, env: {}, bounds, options: () => options }, asked };
}

describe('loadConfig, with the option facts as data', () => {
  it('checks a file found by search against them, reading only the sections the file has', () => {
    const top = join(tempDir(), 'top');
    const { request: asked, asked: sections } = request(top);
    writeFileSync(join(top, 'cspm-report.config.json'), '{"fail-on": "warning", "check": {"logo": "logo.png"}}');
    expect(loadConfig(asked)).toMatchObject({
      command: 'check',
      file: { found: 'search' },
      shared: { 'fail-on': 'warning' },
      // A path is the file's, not the working directory's.
      sections: { check: { logo: join('..', '..', 'logo.png') } },
    });
    expect(sections).toEqual(['check']);
  });

  it('builds no option facts when no file is found', () => {
    const top = join(tempDir(), 'top');
    const { request: asked } = request(top);
    expect(loadConfig({ ...asked, options: () => expect.fail('no file, no facts') })).toBeUndefined();
  });

  it('refuses a value that is none of the choices, and an input, at their place in the file', () => {
    const top = join(tempDir(), 'top');
    writeFileSync(join(top, '..', 'choice.yaml'), 'fail-on: sometimes\n');
    expect(() => loadConfig(request(top, '../../../choice.yaml').request)).toThrow(
      '../../../choice.yaml:1:10: /fail-on: "sometimes" is not one of error, warning, never',
    );
    writeFileSync(join(top, '..', 'input.yaml'), 'check:\n  inputs: a.json\n');
    expect(() => loadConfig(request(top, '../../../input.yaml').request)).toThrow(
      /input\.yaml:2:3: \/check\/inputs: a config file does not set "inputs", since it names what the command reads/,
    );
  });
});

describe('settleConfig', () => {
  function found(text: string, file?: string) {
    const top = join(tempDir(), 'top');
    const { request: asked } = request(top, file);
    writeFileSync(join(top, file === undefined ? 'cspm-report.config.yaml' : join('a', 'b', file)), text);
    return loadConfig(asked) ?? expect.fail('the file is found');
  }

  it('warns of a key that weakens the verdict from a file found by search, and refuses it when strict', () => {
    const config = found('fail-on: never\n');
    const settled = settleConfig(config, checkOptions, [], { 'fail-on': 'never', rule: [] }, false);
    expect(settled.line).toBe(
      `config file ${join('..', '..', 'cspm-report.config.yaml')} (found by search) sets fail-on`,
    );
    expect(settled.warnings).toEqual([
      `${join('..', '..', 'cspm-report.config.yaml')}:1:1: /fail-on: weakens the verdict, from a config file found by search, not named with --config (--strict-config refuses it)`,
    ]);
    expect(settled.settings).toMatchObject({ config: { weakening: ['fail-on'] }, effective: { 'fail-on': 'never' } });
    const strict = settleConfig(config, checkOptions, [], { 'fail-on': 'never' }, true);
    expect(strict.warnings).toEqual([]);
    expect(strict.refusal?.message).toMatch(/fail-on: weakens the verdict.*--strict-config refuses it/);
  });

  it('takes a file named with --config as it is, and tells where a value an error names came from', () => {
    const config = found('check:\n  logo: x.png\n', 'named.yaml');
    const settled = settleConfig(config, checkOptions, ['check', '--config', 'named.yaml'], {}, true);
    expect([settled.warnings, settled.refusal]).toEqual([[], undefined]);
    const error = new CspmError('usage', '--logo x.png: no such file', { data: {} });
    expect((settled.withOrigin(error) as Error).message).toMatch(
      /--logo x\.png: no such file \(--logo is set by named\.yaml:2:3: \/check\/logo\)$/,
    );
    const other = new Error('--logo');
    expect(settled.withOrigin(other)).toBe(other);
  });

  it('judges a rule setting by its default severity: lowered or unknown weakens, the default or more does not', () => {
    const weakening = (rule: string): string[] =>
      settleConfig(found(`rule: ["${rule}"]\n`), checkOptions, [], { rule: [rule] }, false).settings.config.weakening;
    expect(weakening('policy-counts=error')).toEqual([]);
    expect(weakening('mixed-ids=error')).toEqual([]);
    expect(weakening('policy-counts=warning')).toEqual(['rule']);
    expect(weakening('no-such-rule=error')).toEqual(['rule']);
  });

  it('neither warns of nor refuses a file named with --config, or one whose keys weaken nothing', () => {
    const named = settleConfig(found('fail-on: never\n', 'named.yaml'), checkOptions, [], {}, true);
    expect([named.settings.config.weakening, named.warnings, named.refusal]).toEqual([['fail-on'], [], undefined]);
    const harmless = settleConfig(found('fail-on: warning\n'), checkOptions, [], {}, true);
    expect([harmless.settings.config.weakening, harmless.warnings, harmless.refusal]).toEqual([[], [], undefined]);
  });

  it('refuses under --strict-config with the places of the keys and the file', () => {
    const shown = join('..', '..', 'cspm-report.config.yaml');
    const strict = settleConfig(found('fail-on: never\nrule: ["policy-counts=off"]\n'), checkOptions, [], {}, true);
    expect(strict.refusal).toMatchObject({
      code: 'usage',
      data: { path: shown },
      detail: `${shown}:1:1: /fail-on, ${shown}:2:1: /rule: weakens the verdict, from a config file found by search; --strict-config refuses it (name the file with --config, or give the option on the command line)`,
    });
  });

  it('locates an option of the top level that an error names, unless the command line gave it', () => {
    const config = found('fail-on: warning\n', 'named.yaml');
    const error = new CspmError('usage', '--fail-on warning: refused', { data: { option: 'fail-on' } });
    const located = settleConfig(config, checkOptions, [], {}, false).withOrigin(error);
    expect(located).toMatchObject({
      code: 'usage',
      data: { option: 'fail-on' },
      cause: error,
      message: `${error.message} (--fail-on is set by named.yaml:1:1: /fail-on)`,
    });
    const given = settleConfig(config, checkOptions, ['check', '--fail-on', 'warning'], {}, false);
    expect(given.withOrigin(error)).toBe(error);
    const other = new CspmError('usage', '--fail-onward is no option', { data: {} });
    expect(settleConfig(config, checkOptions, [], {}, false).withOrigin(other)).toBe(other);
  });
});
