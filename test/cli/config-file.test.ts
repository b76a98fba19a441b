import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../support/cli-run.js';
import { minimalReport } from '../support/minimal-report.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();

/**
 * A report in a fresh folder and a config file of `text` named `name`. Under
 * green-of-total the report's stated CompliancePercent is a warning, so `fail-on`
 * decides the exit code: 1 at `warning`, 0 at `error`.
 */
function setUp(text: string, name = 'cspm-report.config.yaml'): { dir: string; report: string; config: string } {
  const dir = tempDir();
  const report = join(dir, 'report.json');
  writeFileSync(report, JSON.stringify([minimalReport()]));
  const config = join(dir, name);
  writeFileSync(config, text);
  return { dir, report, config };
}

describe('a config file given with --config', () => {
  const applied: { name: string; file: string; text: string; flags: string[]; code: number; keys: string }[] = [
    {
      name: 'top-level options apply to every command that takes them',
      file: 'c.yaml',
      text: 'fail-on: warning\npercent-formula: green-of-total\n',
      flags: [],
      code: 1,
      keys: 'fail-on, percent-formula',
    },
    {
      name: 'a JSON file reads the same',
      file: 'c.json',
      text: '{"fail-on": "warning", "check": {"percent-formula": "green-of-total"}}',
      flags: [],
      code: 1,
      keys: 'fail-on, percent-formula',
    },
    {
      name: "the command's section wins over the top level",
      file: 'c.yml',
      text: 'fail-on: never\npercent-formula: green-of-total\ncheck:\n  fail-on: warning\n',
      flags: [],
      code: 1,
      keys: 'fail-on, percent-formula',
    },
    {
      name: "another command's section does not apply",
      file: 'c.yaml',
      text: 'percent-formula: green-of-total\ngate:\n  fail-on: warning\n',
      flags: [],
      code: 0,
      keys: 'percent-formula',
    },
    {
      name: 'a flag wins over the file',
      file: 'c.yaml',
      text: 'fail-on: warning\npercent-formula: green-of-total\n',
      flags: ['--fail-on', 'error'],
      code: 0,
      keys: 'percent-formula',
    },
    {
      name: 'a list option takes a list',
      file: 'c.yaml',
      text: 'fail-on: warning\npercent-formula: green-of-total\nrule: [compliance-percent=off]\n',
      flags: [],
      code: 0,
      keys: 'fail-on, percent-formula, rule',
    },
    {
      name: "a list flag replaces the file's list",
      file: 'c.yaml',
      text: 'fail-on: warning\npercent-formula: green-of-total\nrule: [compliance-percent=off]\n',
      flags: ['--rule', 'mixed-ids=off'],
      code: 1,
      keys: 'fail-on, percent-formula',
    },
    {
      name: 'a list option takes one value',
      file: 'c.yaml',
      text: 'fail-on: warning\npercent-formula: green-of-total\nrule: compliance-percent=off\n',
      flags: [],
      code: 0,
      keys: 'fail-on, percent-formula, rule',
    },
  ];
  for (const { name, file, text, flags, code, keys } of applied) {
    it(name, async () => {
      const { report, config } = setUp(text, file);
      const run = await runInProcess(['check', report, '--config', config, ...flags]);
      // A file named with --config is told in one line, with the keys it set; nothing weakening is warned of.
      expect(run.stderr).toBe(`cspm-report: config file ${config} (named with --config) sets ${keys}\n`);
      expect(run.code).toBe(code);
    });
  }

  it("resolves paths against the file's folder, not the working directory", async () => {
    const { dir, report } = setUp('');
    mkdirSync(join(dir, 'team'));
    writeFileSync(
      join(dir, 'team', 'gate-rules.yaml'),
      'assertions:\n  - {name: posture, metric: compliancePercent, min: 90}\n',
    );
    const config = join(dir, 'team', 'cspm-report.config.yaml');
    writeFileSync(config, 'gate:\n  rules: gate-rules.yaml\n');
    const gate = await runInProcess(['gate', report, '--config', config, '--result', join(dir, 'gate.json')]);
    expect(gate.code).toBe(3);
    expect(existsSync(join(dir, 'gate.json'))).toBe(true);
  });

  it('names the file and the keys it set on standard error, in one line', async () => {
    const { report, config } = setUp('fail-on: error\n');
    expect((await runInProcess(['check', report, '--config', config])).stderr).toBe(
      `cspm-report: config file ${config} (named with --config) sets fail-on\n`,
    );
    expect((await runInProcess(['check', report, '--config', config, '--fail-on', 'warning'])).stderr).toBe(
      `cspm-report: config file ${config} (named with --config) sets nothing this command takes\n`,
    );
  });
});

describe('a config file refused, exit 2', () => {
  const refused: { name: string; file?: string; text: string; message: string }[] = [
    {
      name: 'a value not among the choices',
      text: 'gate:\n  fail-on: sometimes\n',
      message: '2:12: /gate/fail-on: "sometimes" is not one of error, warning, never',
    },
    {
      name: 'a camelCase key',
      text: 'check:\n  failOn: warning\n',
      message:
        '2:3: /check/failOn: unknown key "failOn"; did you mean "fail-on"? (keys are spelled as the long options)',
    },
    {
      name: 'a misspelt key',
      text: 'percent-fromula: green-of-total\n',
      message:
        '1:1: /percent-fromula: unknown key "percent-fromula"; did you mean "percent-formula"? (keys are spelled as the long options)',
    },
    {
      name: "a command's option at the top level",
      text: 'landscape: true\n',
      message:
        '1:1: /landscape: unknown key "landscape"; the keys are percent-formula, rule, from, framework, fail-on, check, gate, merge, diff, trend, site, query, render, schema, rules, exceptions, serve, fetch, onboard, completion (keys are spelled as the long options)',
    },
    {
      name: 'a wrong type',
      text: 'render:\n  landscape: "yes"\n',
      message: '2:14: /render/landscape: "yes" is not true or false',
    },
    {
      name: 'a number that is not one',
      text: 'render:\n  max-policies: ten\n',
      message: '2:17: /render/max-policies: "ten" is not a number',
    },
    {
      name: 'a list for an option of one value',
      text: 'render:\n  title: [a, b]\n',
      message: '2:10: /render/title: takes one value, not a list',
    },
    {
      name: 'an option that says what the command writes',
      text: 'render:\n  format: [pdf, docx]\n',
      message:
        '2:3: /render/format: a config file does not set "format", since it sets the form of what the command writes: give it on the command line',
    },
    {
      name: 'a section that is no mapping',
      text: 'render: pdf\n',
      message: "1:9: /render: a command's section is a mapping of its options to values",
    },
    {
      name: 'a file that is no mapping',
      text: '- fail-on\n',
      message: '1:1: a config file is a mapping of option names (and command sections) to values',
    },
    {
      name: 'a YAML syntax error',
      text: 'fail-on: [warning\n',
      message: '2:1: not a YAML config file (it stops parsing here: bad indent)',
    },
    {
      name: 'a JSON syntax error',
      file: 'c.json',
      text: '{\n  "fail-on": "warning"\n',
      message: '3:1: not a JSON config file (it stops parsing here)',
    },
    {
      name: 'a JSON file located too',
      file: 'c.json',
      text: '{\n  "gate": {"fail-on": "sometimes"}\n}',
      message: '2:23: /gate/fail-on: "sometimes" is not one of error, warning, never',
    },
  ];
  for (const { name, file, text, message } of refused) {
    it(`refuses ${name}, naming the file, the line and the pointer`, async () => {
      const { report, config } = setUp(text, file ?? 'c.yaml');
      const run = await runInProcess(['check', report, '--config', config]);
      expect(run).toEqual({ code: 2, stdout: '', stderr: `cspm-report: invalid usage: ${config}:${message}\n` });
    });
  }

  it("refuses a value that the option's coerce refuses, with the flag's message", async () => {
    const { report, config } = setUp('check:\n  markdown-limit: 5\n', 'c.yaml');
    const run = await runInProcess(['check', report, '--config', config]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      new RegExp(
        `^cspm-report: invalid usage: ${config}:2:19: /check/markdown-limit: --markdown-limit takes .* not 5\n$`,
      ),
    );
  });

  const secrets: { key: string; text: string; where: string }[] = [
    {
      key: 'api-key',
      text: 'fetch:\n  api-key: abc123\n',
      where:
        '2:3: /fetch/api-key: a config file carries no secret, since it is shared and often committed: give "api-key" in CSPM_API_KEY or a file named by --api-key-file',
    },
    {
      key: 'license-token',
      text: 'license-token: abc123\n',
      where:
        '1:1: /license-token: a config file carries no secret, since it is shared and often committed: give "license-token" in CSPM_LICENSE_TOKEN or a file named by --license-token-file',
    },
    {
      key: 'password',
      text: 'serve:\n  password: hunter2\n',
      where:
        '2:3: /serve/password: a config file carries no secret, since it is shared and often committed: give "password" in the environment or a file named by its --…-file option',
    },
  ];
  for (const { key, text, where } of secrets) {
    it(`refuses a secret (${key}) without repeating it`, async () => {
      const { report, config } = setUp(text);
      const run = await runInProcess(['check', report, '--config', config]);
      expect(run).toEqual({ code: 2, stdout: '', stderr: `cspm-report: invalid usage: ${config}:${where}\n` });
    });
  }

  it('refuses a --config file that is missing', async () => {
    const { report, dir } = setUp('');
    const run = await runInProcess(['check', report, '--config', join(dir, 'nope.yaml')]);
    expect(run).toEqual({
      code: 2,
      stdout: '',
      stderr: `cspm-report: invalid usage: --config ${join(dir, 'nope.yaml')}: no such file\n`,
    });
  });

  it('refuses --config with --no-config', async () => {
    const { report, config } = setUp('');
    const run = await runInProcess(['check', report, '--config', config, '--no-config']);
    expect(run).toEqual({
      code: 2,
      stdout: '',
      stderr: 'cspm-report: invalid usage: --config and --no-config exclude each other\n',
    });
  });
});
