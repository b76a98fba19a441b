#!/usr/bin/env node
// `npm start`: the main job on the bundled samples. Checks the good samples (they
// must come out clean), shows the findings of the deliberately broken ones, renders
// every good sample to out/ as HTML, PDF and XLSX, gates them on the sample rules
// (they pass with warnings) with SARIF, JUnit and Markdown beside the documents, then
// goes through the service's API on an emulator in process (onboard, wait, then fetch,
// check and render into out/api/), and exits 0 when all of that went as intended.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../dist/cli/main.js';
import { runServiceDemo } from './demo/service-demo.js';

const samples = readdirSync('samples')
  .filter((name) => name.endsWith('.json'))
  .map((name) => join('samples', name));

function heading(text) {
  process.stdout.write(`\n── ${text} ${'─'.repeat(Math.max(0, 70 - text.length))}\n`);
}

heading('cspm-report check samples/*.json');
const clean = await runCli(['check', ...samples]);

heading('cspm-report check samples/broken --fail-on never   (broken on purpose: exit 1)');
const broken = await runCli(['check', 'samples/broken', '--fail-on', 'never']);

heading('cspm-report render samples/*.json -f html -f pdf -f xlsx --out-dir out');
const rendered = await runCli(['render', ...samples, '-f', 'html', '-f', 'pdf', '-f', 'xlsx', '--out-dir', 'out']);

heading('cspm-report gate samples/*.json --rules samples/gate/gate-rules.yaml   (+ out/gate.*)');
const outputs = [
  '-f',
  'text',
  '-o',
  '-',
  '-f',
  'sarif',
  '-o',
  'out/gate.sarif',
  '-f',
  'junit',
  '-o',
  'out/gate.xml',
  '-f',
  'markdown',
  '-o',
  'out/gate.md',
];
const gated = await runCli([
  'gate',
  ...samples,
  '--rules',
  'samples/gate/gate-rules.yaml',
  ...outputs,
  '--result',
  'out/gate-result.json',
]);

const service = await runServiceDemo(heading);
const serviceCodes = Object.entries(service)
  .map(([step, code]) => `${step} ${code ?? 'not run'}`)
  .join(', ');

// The broken samples include inputs that cannot be read (a syntax error, a failed call
// saved as a report): those fail the run whatever --fail-on says.
if (clean !== 0 || broken !== 1 || rendered !== 0 || gated !== 0 || Object.values(service).some((code) => code !== 0)) {
  process.stderr.write(
    `demo: unexpected exit codes (check ${clean}, broken samples ${broken}, render ${rendered}, gate ${gated}; service: ${serviceCodes})\n`,
  );
  process.exitCode = 1;
}
