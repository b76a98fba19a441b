#!/usr/bin/env node
// Prints the saved queries of `query` (their names and what each answers, from the
// registry in src/query/query-presets.ts) as the Markdown table docs/datasets-and-query.md
// carries (node scripts/doc-figures.js writes it there); a test checks that the page holds exactly this text.
import { fileURLToPath } from 'node:url';
import { queryPresets } from '../dist/query/query-presets.js';

/** The saved queries as a Markdown table. */
export function presetTable() {
  // Pipes would end a cell.
  const rows = Object.entries(queryPresets).map(
    ([name, preset]) => `| \`${name}\` | ${preset.description.replaceAll('|', '\\|')} |`,
  );
  return ['| preset | answers |', '|---|---|', ...rows].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(presetTable());
