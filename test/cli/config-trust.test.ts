import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { closeHostileServers, startHostileServer } from '../client/hostile-server.js';
import { bin } from '../support/bin-run.js';
import { runInProcess } from '../support/cli-run.js';
import { parseXml } from '../support/parse-xml.js';
import { useTempDir } from '../support/temp-dir.js';

const tempDir = useTempDir();
afterEach(closeHostileServers);

/** A report with one error finding (policy-compliance): check exits 1 on it, whatever a config file says. */
const failing = resolve('samples/broken/policy-compliance.json');

/** A repository with the failing report two folders down, where the runs start. */
function repository(): { root: string; cwd: string } {
  const root = join(tempDir(), 'repo');
  const cwd = join(root, 'scans', 'today');
  mkdirSync(join(root, '.git'), { recursive: true });
  mkdirSync(cwd, { recursive: true });
  copyFileSync(failing, join(cwd, 'report.json'));
  return { root, cwd };
}

/**
 * Runs the built command line in `cwd` without blocking this process (a listener of the test may have to answer it).
 */
function runIn(
  cwd: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      [resolve(bin), ...args],
      { cwd, env: { PATH: process.env['PATH'] ?? '', NO_COLOR: '1', ...env }, timeout: 20_000 },
      (error, stdout, stderr) => {
        done({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : -1, stdout, stderr });
      },
    );
  });
}

describe('a config file does not change what a command is', () => {
  const refused: { name: string; text: string; args: (dir: string) => string[]; message: string }[] = [
    {
      name: 'check: shard',
      text: 'check:\n  shard: 1/1\n',
      args: () => ['check', failing],
      message:
        '2:3: /check/shard: a config file does not set "shard", since it makes the command write one shard of a result, not a verdict: give it on the command line',
    },
    {
      name: 'gate: shard',
      text: 'gate:\n  shard: 1/1\n',
      args: () => ['gate', failing, '--rules', 'cspm:recommended'],
      message:
        '2:3: /gate/shard: a config file does not set "shard", since it makes the command write one shard of a result, not a verdict: give it on the command line',
    },
    {
      name: 'check: inputs',
      text: 'check:\n  inputs: [other.json]\n',
      args: () => ['check', failing],
      message:
        '2:3: /check/inputs: a config file does not set "inputs", since it names what the command reads: give it on the command line',
    },
    {
      name: 'check: output',
      text: 'check:\n  output: [out.json]\n',
      args: () => ['check', failing],
      message:
        '2:3: /check/output: a config file does not set "output", since it names where the command writes: give it on the command line',
    },
    {
      name: 'check: format',
      text: 'check:\n  format: [json]\n',
      args: () => ['check', failing],
      message:
        '2:3: /check/format: a config file does not set "format", since it sets the form of what the command writes: give it on the command line',
    },
    {
      name: 'gate: result',
      text: 'gate:\n  result: gate.json\n',
      args: () => ['gate', failing, '--rules', 'cspm:recommended'],
      message:
        '2:3: /gate/result: a config file does not set "result", since it names where the command writes: give it on the command line',
    },
    {
      name: 'render: out-dir',
      text: 'render:\n  out-dir: documents\n',
      args: () => ['render', failing],
      message:
        '2:3: /render/out-dir: a config file does not set "out-dir", since it names where the command writes: give it on the command line',
    },
  ];
  for (const { name, text, args, message } of refused) {
    it(`refuses ${name} by name, at its line and pointer, exit 2`, async () => {
      const dir = tempDir();
      const config = join(dir, 'c.yaml');
      writeFileSync(config, text);
      const run = await runInProcess([...args(dir), '--config', config, '-f', 'json', '-o', join(dir, 'f.json')]);
      expect(run).toEqual({ code: 2, stdout: '', stderr: `cspm-report: invalid usage: ${config}:${message}\n` });
    });
  }

  it('says where a value of the file that a run refuses came from', async () => {
    const dir = tempDir();
    const config = join(dir, 'c.yaml');
    writeFileSync(config, 'render:\n  title: Posture\n  logo: missing.png\n');
    const run = await runInProcess(['render', failing, '--config', config, '-o', join(dir, 'x.html')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`--logo ${join(dir, 'missing.png')}`);
    expect(run.stderr).toContain(`(--logo is set by ${config}:3:3: /render/logo)`);
  });
});

describe('what a run records of the config file it read', () => {
  it('records the path, the SHA-256 of its bytes and the settings in force in JSON, SARIF, JUnit and the gate result', async () => {
    const dir = tempDir();
    const config = join(dir, 'c.yaml');
    const text = 'fail-on: warning\nrule: [policy-compliance=warning]\n';
    writeFileSync(config, text);
    const sha256 = createHash('sha256').update(text).digest('hex');
    const [json, sarif, junit, result] = ['f.json', 'f.sarif', 'f.xml', 'gate.json'].map((name) => join(dir, name)) as [
      string,
      string,
      string,
      string,
    ];
    const run = await runInProcess([
      'gate',
      failing,
      '--rules',
      'cspm:recommended',
      '--config',
      config,
      '-f',
      'json',
      '-o',
      json,
      '-f',
      'sarif',
      '-o',
      sarif,
      '-f',
      'junit',
      '-o',
      junit,
      '--result',
      result,
    ]);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(`cspm-report: config file ${config} (named with --config) sets fail-on, rule\n`);
    const expected = {
      config: { path: config, sha256, found: 'named', keys: ['fail-on', 'rule'], weakening: ['rule'] },
      effective: expect.objectContaining({
        'fail-on': 'warning',
        rule: ['policy-compliance=warning'],
        rules: 'cspm:recommended',
      }),
    };
    expect((JSON.parse(readFileSync(json, 'utf8')) as { runSettings: unknown }).runSettings).toEqual(expected);
    expect(
      (JSON.parse(readFileSync(sarif, 'utf8')) as { runs: { properties: { runSettings: unknown } }[] }).runs[0]
        ?.properties.runSettings,
    ).toEqual(expected);
    expect((JSON.parse(readFileSync(result, 'utf8')) as { runSettings: unknown }).runSettings).toEqual(expected);
    const properties = [
      ...parseXml(readFileSync(junit, 'utf8')).getElementsByTagName('testsuite')[0]!.getElementsByTagName('property'),
    ].map((property) => [property.getAttribute('name'), property.getAttribute('value')]);
    expect(properties).toEqual(
      expect.arrayContaining([
        ['cspm-report.config.path', config],
        ['cspm-report.config.sha256', sha256],
        ['cspm-report.config.keys', 'fail-on,rule'],
      ]),
    );
  });

  it("records them in a diff's JSON", async () => {
    const dir = tempDir();
    const config = join(dir, 'c.yaml');
    writeFileSync(config, 'diff:\n  allow-removed: true\n');
    const run = await runInProcess([
      'diff',
      'samples/diff/azure-csbp-2024-03-11.json',
      'samples/diff/azure-csbp-2024-03-18.json',
      '--config',
      config,
      '-f',
      'json',
      '-o',
      join(dir, 'd.json'),
    ]);
    expect(run.stderr).toBe(`cspm-report: config file ${config} (named with --config) sets allow-removed\n`);
    expect(
      (JSON.parse(readFileSync(join(dir, 'd.json'), 'utf8')) as { runSettings: { config: unknown } }).runSettings
        .config,
    ).toMatchObject({ keys: ['allow-removed'], weakening: ['allow-removed'] });
  });

  it("records them in a shard's partial result, which the published schema accepts", async () => {
    const dir = tempDir();
    const config = join(dir, 'c.yaml');
    const text = 'fail-on: warning\n';
    writeFileSync(config, text);
    const partial = join(dir, 'part-1.json');
    const run = await runInProcess(['check', failing, '--shard', '1/1', '--config', config, '-o', partial]);
    expect(run.code).toBe(0);
    const written = JSON.parse(readFileSync(partial, 'utf8')) as { runSettings: unknown };
    expect(written.runSettings).toEqual({
      config: {
        path: config,
        sha256: createHash('sha256').update(text).digest('hex'),
        found: 'named',
        keys: ['fail-on'],
        weakening: [],
      },
      effective: expect.objectContaining({ 'fail-on': 'warning' }),
    });
    const merged = await runInProcess(['merge', partial, '--fail-on', 'warning', '--no-config']);
    expect(merged.code).toBe(1);
  });

  it('records nothing new in a run that read no config file', async () => {
    const dir = tempDir();
    const run = await runInProcess(['check', failing, '-f', 'json', '-o', join(dir, 'f.json')]);
    expect(run.code).toBe(1);
    expect(JSON.parse(readFileSync(join(dir, 'f.json'), 'utf8'))).not.toHaveProperty('runSettings');
  });
});

describe('a config file found by search that weakens the verdict', () => {
  const weakening: { name: string; text: string; key: string }[] = [
    { name: 'a rule turned off', text: 'rule: [policy-compliance=off]\n', key: '1:1: /rule' },
    { name: 'fail-on never', text: 'check:\n  fail-on: never\n', key: '2:3: /check/fail-on' },
  ];
  for (const { name, text, key } of weakening) {
    it(`warns of ${name}, naming the file and the key; --strict-config refuses it`, async () => {
      const { root, cwd } = repository();
      writeFileSync(join(root, 'cspm-report.config.yaml'), text);
      const shown = join('..', '..', 'cspm-report.config.yaml');
      const warned = await runIn(cwd, ['check', 'report.json']);
      expect(warned.stderr).toContain(
        `cspm-report: warning: ${shown}:${key}: weakens the verdict, from a config file found by search, not named with --config (--strict-config refuses it)\n`,
      );
      const strict = await runIn(cwd, ['check', 'report.json', '--strict-config']);
      expect(strict.code).toBe(2);
      expect(strict.stdout).toBe('');
      expect(strict.stderr).toContain(
        `cspm-report: invalid usage: ${shown}:${key}: weakens the verdict, from a config file found by search; --strict-config refuses it`,
      );
    });
  }

  it('warns of exceptions (accepted risks), read relative to the file; --strict-config refuses them', async () => {
    const { root, cwd } = repository();
    const today = new Date().toISOString().slice(0, 10);
    const later = new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10);
    const risk = `exceptions:\n  - id: EXC-1\n    policy: StorageKeys\n    accounts: ["*"]\n    reason: Keys rotate by hand until the migration.\n    owner: a@example.com\n    approvedBy: b@example.com\n    approved: "${today}"\n    expires: "${later}"\n`;
    writeFileSync(join(root, 'risks.yaml'), risk);
    writeFileSync(join(root, 'cspm-report.config.yaml'), 'gate:\n  exceptions: [risks.yaml]\n');
    const shown = join('..', '..', 'cspm-report.config.yaml');
    const warned = await runIn(cwd, ['gate', 'report.json', '--rules', 'cspm:recommended']);
    expect(warned.stderr).toContain(
      `cspm-report: warning: ${shown}:2:3: /gate/exceptions: weakens the verdict, from a config file found by search, not named with --config (--strict-config refuses it)\n`,
    );
    expect(warned.stdout).toContain('expiredExceptions is 0');
    const strict = await runIn(cwd, ['gate', 'report.json', '--rules', 'cspm:recommended', '--strict-config']);
    expect(strict.code).toBe(2);
    expect(strict.stderr).toContain(`cspm-report: invalid usage: ${shown}:2:3: /gate/exceptions: weakens the verdict`);
  });

  it('warns of exceptions for gate and diff, whose verdicts they change, not for check or render', async () => {
    const { root, cwd } = repository();
    const today = new Date().toISOString().slice(0, 10);
    const later = new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10);
    const risk = `exceptions:\n  - id: EXC-1\n    policy: StorageKeys\n    accounts: ["*"]\n    reason: Keys rotate by hand until the migration.\n    owner: a@example.com\n    approvedBy: b@example.com\n    approved: "${today}"\n    expires: "${later}"\n`;
    writeFileSync(join(root, 'risks.yaml'), risk);
    // `exceptions` at the top level would name the command of that name's section: each command's section sets it.
    const sections = ['gate', 'diff', 'check', 'render'].map(
      (command) => `${command}:\n  exceptions: [risks.yaml]\n  expiry-warning: 7\n`,
    );
    writeFileSync(join(root, 'cspm-report.config.yaml'), sections.join(''));
    copyFileSync(resolve('samples/diff/azure-csbp-2024-03-11.json'), join(cwd, 'old.json'));
    copyFileSync(resolve('samples/diff/azure-csbp-2024-03-18.json'), join(cwd, 'new.json'));
    const shown = join('..', '..', 'cspm-report.config.yaml');
    const warning = (key: string): string =>
      `cspm-report: warning: ${shown}:${key}: weakens the verdict, from a config file found by search, not named with --config (--strict-config refuses it)\n`;
    for (const [args, line] of [
      [['gate', 'report.json', '--rules', 'cspm:recommended'], 2],
      [['diff', 'old.json', 'new.json'], 5],
    ] as const) {
      const run = await runIn(cwd, [...args]);
      expect(run.stderr).toContain(warning(`${line}:3: /${args[0]}/exceptions`));
      expect(run.stderr).toContain(warning(`${line + 1}:3: /${args[0]}/expiry-warning`));
    }
    for (const args of [
      ['check', 'report.json'],
      ['render', 'new.json', '-o', 'new.html'],
    ]) {
      const run = await runIn(cwd, [...args, '--strict-config']);
      expect(run.stderr).toContain(`(found by search) sets exceptions, expiry-warning\n`);
      expect(run.stderr).not.toContain('weakens the verdict');
      expect(run.code).not.toBe(2);
    }
    const strict = await runIn(cwd, ['gate', 'report.json', '--rules', 'cspm:recommended', '--strict-config']);
    expect(strict.code).toBe(2);
    expect(strict.stderr).toContain(
      `cspm-report: invalid usage: ${shown}:2:3: /gate/exceptions, ${shown}:3:3: /gate/expiry-warning: weakens the verdict`,
    );
  });

  it('warns of nothing when --config names the same file', async () => {
    const { root, cwd } = repository();
    writeFileSync(join(root, 'cspm-report.config.yaml'), 'rule: [policy-compliance=off]\n');
    const run = await runIn(cwd, [
      'check',
      'report.json',
      '--config',
      '../../cspm-report.config.yaml',
      '--strict-config',
    ]);
    expect(run).toMatchObject({
      code: 0,
      stderr: 'cspm-report: config file ../../cspm-report.config.yaml (named with --config) sets rule\n',
    });
  });
});

describe("a config file and the service's credentials", () => {
  const ids = ['fetch', '--license', 'L1', '--account', 'A1', '--job', 'J1', '--benchmark', 'CSBP', '--no-check'];
  const secrets = { CSPM_ACCOUNT_TOKEN: 'ACCOUNT-TOKEN-3c4d', CSPM_API_KEY: 'API-KEY-5e6f' };

  it('refuses base-url in a file found by search: the listener receives nothing', async () => {
    const listener = await startHostileServer((_request, response) => response.end());
    const { root, cwd } = repository();
    writeFileSync(join(root, 'cspm-report.config.yaml'), `fetch:\n  base-url: ${listener.url}\n`);
    const run = await runIn(cwd, ids, { ...secrets, CSPM_BASE_URL: 'http://127.0.0.1:1' });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('/fetch/base-url: a config file found by search does not set "base-url"');
    expect(listener.received).toEqual([]);
  });

  it('refuses a secret file in a file found by search', async () => {
    const listener = await startHostileServer((_request, response) => response.end());
    const { root, cwd } = repository();
    writeFileSync(join(root, 'token.txt'), 'FILE-TOKEN\n');
    writeFileSync(join(root, 'cspm-report.config.yaml'), 'fetch:\n  account-token-file: token.txt\n');
    const run = await runIn(cwd, ids, { CSPM_BASE_URL: listener.url });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      '/fetch/account-token-file: a config file found by search does not set "account-token-file"',
    );
    expect(listener.received).toEqual([]);
  });

  it('refuses, in a file named with --config, a base-url that differs from CSPM_BASE_URL', async () => {
    const listener = await startHostileServer((_request, response) => response.end());
    const dir = tempDir();
    const config = join(dir, 'c.yaml');
    writeFileSync(config, `fetch:\n  base-url: ${listener.url}\n`);
    const run = await runInProcess([...ids, '--config', config], {
      env: { ...secrets, CSPM_BASE_URL: 'http://127.0.0.1:1' },
    });
    expect(run).toEqual({
      code: 2,
      stdout: '',
      stderr: `cspm-report: invalid usage: ${config}:2:13: /fetch/base-url: differs from $CSPM_BASE_URL: a config file does not send the service's credentials to another host (give --base-url on the command line)\n`,
    });
    expect(listener.received).toEqual([]);
  });

  it("lets the environment win over a named file's secret file", async () => {
    const listener = await startHostileServer((_request, response) => response.writeHead(404).end());
    const dir = tempDir();
    writeFileSync(join(dir, 'token.txt'), 'FILE-TOKEN\n');
    const config = join(dir, 'c.yaml');
    writeFileSync(config, 'fetch:\n  account-token-file: token.txt\n');
    await runInProcess([...ids, '--config', config], { env: { ...secrets, CSPM_BASE_URL: listener.url } });
    expect(listener.received.length).toBeGreaterThan(0);
    for (const request of listener.received) expect(JSON.stringify(request.headers)).not.toContain('FILE-TOKEN');
  });
});
