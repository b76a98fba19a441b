#!/usr/bin/env node
// Prints the rule catalogue as the Markdown table docs/rules.md carries (node
// scripts/doc-figures.js writes it there); a test checks that the page holds exactly this
// table, so the two cannot drift apart.
import { fileURLToPath } from 'node:url';
import { ruleCatalogue } from '../dist/index.js';

/** The catalogue as a Markdown table. */
export function ruleTable() {
  const escape = (text) => text.replaceAll('|', '\\|');
  const rows = ruleCatalogue.map(
    (rule) => `| \`${rule.id}\` | ${rule.defaultSeverity} | ${escape(rule.description)} | ${escape(rule.rationale)} |`,
  );
  return ['| id | default | reports | rationale |', '|---|---|---|---|', ...rows].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(ruleTable());
