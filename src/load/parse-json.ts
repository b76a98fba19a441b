import type { Finding } from '../model/finding.js';
import { syntaxErrorPlace } from './syntax-error-text.js';

/** The outcome of parsing: a value, or a json-syntax finding. */
export type ParseOutcome = { ok: true; value: unknown } | { ok: false; finding: Finding };

/**
 * Parses JSON text. JSON.parse is the fastest parser Node has and it is safe here:
 * it defines `__proto__` as an ordinary own key instead of setting a prototype, and
 * it copes with deep nesting. Its error positions are turned into line and column;
 * where its message names none, a scanner of our own finds the place. The finding
 * quotes nothing of the text (see syntaxErrorPlace): a path may lead to any file.
 */
export function parseJson(text: string): ParseOutcome {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, finding: syntaxFinding(text, error) };
  }
}

function syntaxFinding(text: string, error: unknown): Finding {
  const { line, column, offset, reason } = syntaxErrorPlace(text, error);
  return {
    rule: 'json-syntax',
    severity: 'error',
    pointer: '',
    message: `not valid JSON at line ${line}, column ${column}: ${reason}`,
    actual: { line, column, offset },
  };
}
