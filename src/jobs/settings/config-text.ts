import { extname } from 'node:path';
import { CspmError } from '../../error/cspm-error.js';
import { yamlModule } from '../../load/yaml/yaml-module.js';

/** Aliases a config file may use: a few, where a "billion laughs" file needs thousands. */
const maxAliases = 50;

/** True when the file is read as YAML (`.yaml`, `.yml`); any other is JSON. */
function isYamlFile(file: string): boolean {
  return /^\.ya?ml$/i.test(extname(file));
}

/**
 * The value of a config file's text. JSON is read with JSON.parse, so that a run in a
 * project whose package.json is searched never loads the yaml package; YAML (and the
 * position of a JSON syntax error) load it.
 */
export function parseConfigText(text: string, file: string, shown: string): unknown {
  if (!isYamlFile(file)) {
    try {
      return JSON.parse(text.replace(/^\uFEFF/, '')) as unknown;
    } catch {
      // JSON is YAML 1.2: yaml finds where it stops parsing, with a line and a column.
      throw new CspmError(
        'usage',
        `${shown}${positionOfError(text) ?? ''}: not a JSON config file (it stops parsing here)`,
        { data: { path: shown } },
      );
    }
  }
  const { LineCounter, parseDocument } = yamlModule();
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false, version: '1.2' });
  const [error] = document.errors;
  if (error) {
    const { line, col } = lineCounter.linePos(error.pos[0]);
    // yaml's messages can quote the text: nothing of a file that does not parse is shown.
    throw new CspmError(
      'usage',
      `${shown}:${line}:${col}: not a YAML config file (it stops parsing here: ${error.code.toLowerCase().replace(/_/g, ' ')})`,
      { data: { path: shown } },
    );
  }
  try {
    return document.toJS({ maxAliasCount: maxAliases });
  } catch (cause) {
    throw new CspmError('usage', `${shown}: its aliases expand past ${maxAliases} copies; write the values out`, {
      data: { path: shown },
      cause,
    });
  }
}

function positionOfError(text: string): string | undefined {
  const { LineCounter, parseDocument } = yamlModule();
  const lineCounter = new LineCounter();
  const [error] = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false, version: '1.2' }).errors;
  if (!error) return undefined;
  const { line, col } = lineCounter.linePos(error.pos[0]);
  return `:${line}:${col}`;
}

/**
 * The `:line:column` of a JSON Pointer's key (`atKey`) or value in a config file's text,
 * or '' when the text does not tell. Only a refused file is located: the yaml package
 * reads JSON too (a subset of YAML 1.2) with the positions of every node.
 */
export function locateInConfig(text: string, path: readonly string[], atKey: boolean): string {
  const { LineCounter, isMap, isPair, isScalar, isSeq, parseDocument } = yamlModule();
  const lineCounter = new LineCounter();
  let node: unknown = parseDocument(text, { lineCounter, version: '1.2' }).contents;
  let key: unknown;
  for (const segment of path) {
    key = undefined;
    if (isMap(node)) {
      const pair = node.items.find((item) => isPair(item) && isScalar(item.key) && String(item.key.value) === segment);
      if (!pair) return '';
      key = pair.key;
      node = pair.value;
    } else if (isSeq(node)) node = node.items[Number(segment)];
    else return '';
  }
  const range = ((atKey && key !== undefined ? key : node) as { range?: [number, number, number] } | null | undefined)
    ?.range;
  if (range === undefined) return '';
  const { line, col } = lineCounter.linePos(range[0]);
  return `:${line}:${col}`;
}
