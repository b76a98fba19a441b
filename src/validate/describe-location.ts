import { categoryLabel, policyLabel, reportLabel } from '../model/labels.js';

/** Splits an RFC 6901 pointer into unescaped tokens. */
export function pointerTokens(pointer: string): string[] {
  return pointer === ''
    ? []
    : pointer
        .slice(1)
        .split('/')
        .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** The value at `pointer` inside `root`, or undefined where the path does not exist. */
export function valueAt(root: unknown, pointer: string): unknown {
  let node = root;
  for (const token of pointerTokens(pointer)) node = child(node, token);
  return node;
}

/**
 * Words for the place a pointer designates, such as
 * `TotalResourceCount of policy 1100.2 "…" in category "Compute"`. `reportPointer` is
 * where the benchmark report starts; the walk goes only as far as the data exists,
 * so it works on malformed documents.
 */
export function describeLocation(root: unknown, reportPointer: string, pointer: string): string {
  const report = valueAt(root, reportPointer);
  const tokens = pointerTokens(pointer.slice(reportPointer.length));
  let owner = reportLabel(report);
  let node = report;
  let category: unknown;
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index]!;
    const parent = tokens[index - 1];
    node = child(node, token);
    if (parent === 'ResourceCategories') {
      category = node;
      owner = `${categoryLabel(node, Number(token))} of ${owner}`;
    } else if (parent === 'Policies') {
      owner = `${policyLabel(node, Number(token))} in ${categoryLabel(category)}`;
    } else if (index === tokens.length - 1 || token === 'Posture') {
      return index === tokens.length - 1 ? `${token} of ${owner}` : `${tokens.slice(index).join('/')} of ${owner}`;
    }
  }
  return owner;
}

function child(node: unknown, token: string): unknown {
  if (typeof node !== 'object' || node === null) return undefined;
  return Object.hasOwn(node, token) ? (node as Record<string, unknown>)[token] : undefined;
}
