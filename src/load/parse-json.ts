import type { Finding } from '../model/finding.js';
import { syntaxErrorOffset } from './syntax-error-offset.js';

/** The outcome of parsing: a value, or a json-syntax finding. */
export type ParseOutcome = { ok: true; value: unknown } | { ok: false; finding: Finding };

/**
 * Parses JSON text. JSON.parse is the fastest parser Node has and it is safe here:
 * it defines `__proto__` as an ordinary own key instead of setting a prototype, and
 * it copes with deep nesting. Its error positions are turned into line and column;
 * where its message names none, a scanner of our own finds the place.
 */
export function parseJson(text: string): ParseOutcome {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, finding: syntaxFinding(text, error) };
  }
}

function syntaxFinding(text: string, error: unknown): Finding {
  const reason = error instanceof Error ? error.message : String(error);
  const offset = errorOffset(text, reason);
  const { line, column } = lineAndColumn(text, offset);
  const what = text.trim() === '' ? 'the file is empty' : shortReason(reason);
  return {
    rule: 'json-syntax',
    severity: 'error',
    pointer: '',
    message: `not valid JSON at line ${line}, column ${column}: ${what}`,
    actual: { line, column, offset },
  };
}

function errorOffset(text: string, reason: string): number {
  const lineColumn = /line (\d+) column (\d+)/.exec(reason);
  if (lineColumn) {
    return offsetOf(text, Number(lineColumn[1]), Number(lineColumn[2]));
  }
  const position = /position (\d+)/.exec(reason);
  if (position) return Number(position[1]);
  // "Unexpected token 'x', … is not valid JSON" and "Unexpected end of JSON input"
  // name no place: find it by scanning.
  const offset = syntaxErrorOffset(text);
  return offset < 0 ? text.length : offset;
}

function offsetOf(text: string, line: number, column: number): number {
  let offset = 0;
  for (let current = 1; current < line; current += 1) {
    const next = text.indexOf('\n', offset);
    if (next < 0) break;
    offset = next + 1;
  }
  return offset + column - 1;
}

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let index = text.indexOf('\n'); index >= 0 && index < offset; index = text.indexOf('\n', index + 1)) {
    line += 1;
    lineStart = index + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

/** V8 quotes a slice of the input in its messages; keep only the reason. */
function shortReason(reason: string): string {
  const cut = reason.replace(/,? ".*" is not valid JSON$/s, '').replace(/ in JSON at position \d+.*$/s, '');
  return cut.length > 120 ? `${cut.slice(0, 117)}...` : cut;
}
