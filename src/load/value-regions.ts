import { type JSONVisitor, visit } from 'jsonc-parser';
import type { TextRegion } from '../model/analysis.js';

/** A pointer token, and the place of the value it leads to once the walk has passed it. */
interface WantedNode {
  children: Map<string, WantedNode>;
  region?: TextRegion;
  /** A pointer ends here: its own value is wanted, not only values inside it. */
  end?: boolean;
}

/** Thrown to stop the walk once nothing more can be placed. */
const walkDone = Symbol('walk done');

/** An open object or array on the walk's way, and where in the wanted tree it is. */
interface OpenContainer {
  /** The wanted node of the container itself; undefined when no wanted pointer goes inside. */
  node: WantedNode | undefined;
  isArray: boolean;
  /** The index the next item of an array takes. */
  index: number;
  /** The key of the object's value being read. */
  key: string;
}

/** The tokens of an RFC 6901 pointer, unescaped: `~1` is `/`, then `~0` is `~`. */
function pointerTokens(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((token) => (token.includes('~') ? token.replace(/~1/g, '/').replace(/~0/g, '~') : token));
}

function wantedTree(pointers: Iterable<string>): WantedNode {
  const root: WantedNode = { children: new Map() };
  for (const pointer of pointers) {
    let node = root;
    for (const token of pointerTokens(pointer)) {
      let child = node.children.get(token);
      if (child === undefined) {
        child = { children: new Map() };
        node.children.set(token, child);
      }
      node = child;
    }
    node.end = true;
  }
  return root;
}

/**
 * The deepest node every wanted pointer goes through: once its value has ended, no
 * wanted value can follow (unless a key repeats, see valueRegions).
 */
function lastNeeded(root: WantedNode): WantedNode {
  let node = root;
  while (node.end !== true && node.children.size === 1) node = node.children.values().next().value as WantedNode;
  return node;
}

/**
 * Where the values that `pointers` name are in a JSON text, by pointer: one walk of the
 * text with jsonc-parser's visitor, which builds no tree. Only the containers on the way
 * to a wanted value are followed; the walk reads past the others without calling back.
 * A pointer whose value is absent gets the place of the deepest value on its way that is
 * there (its parent object, for a missing key). When a key is repeated, the value
 * JSON.parse keeps, the last, is the one placed. Lines and columns as
 * {@link TextRegion} counts them (1-based, UTF-16 code units). The walk stops after the
 * last value that can hold a wanted one, unless keys repeat: a finding near the start
 * of a large report is placed without reading the rest.
 *
 * @param text a text JSON.parse accepted
 * @param repeatedKeys whether the text repeats a key within an object (a later value may replace a placed one)
 */
export function valueRegions(text: string, pointers: Iterable<string>, repeatedKeys = false): Map<string, TextRegion> {
  const wanted = [...new Set(pointers)];
  const root = wantedTree(wanted);
  const last = repeatedKeys ? root : lastNeeded(root);
  const open: OpenContainer[] = [];
  /** The wanted node of the value starting now, after the key or index that leads to it. */
  const nodeOfValue = (): WantedNode | undefined => {
    const parent = open[open.length - 1];
    if (parent === undefined) return root;
    if (parent.node === undefined) return undefined;
    const token = parent.isArray ? String(parent.index++) : parent.key;
    return parent.node.children.get(token);
  };
  // The wanted node of each open container, for its closing bracket; undefined when none.
  const ends: (WantedNode | undefined)[] = [];
  const begin =
    (isArray: boolean) =>
    (_offset: number, length: number, line: number, column: number): boolean => {
      const node = nodeOfValue();
      if (node !== undefined)
        node.region = {
          startLine: line + 1,
          startColumn: column + 1,
          endLine: line + 1,
          endColumn: column + 1 + length,
        };
      open.push({ node: node?.children.size === 0 ? undefined : node, isArray, index: 0, key: '' });
      ends.push(node);
      // Not followed when no wanted value is inside: jsonc-parser then calls back only at its end.
      return node !== undefined && node.children.size > 0;
    };
  const end = (_offset: number, length: number, line: number, column: number): void => {
    open.pop();
    const node = ends.pop();
    if (node?.region !== undefined) {
      node.region.endLine = line + 1;
      node.region.endColumn = column + 1 + length;
    }
    if (node === last && node !== root) throw walkDone;
  };
  const visitor: JSONVisitor = {
    onObjectBegin: begin(false),
    onArrayBegin: begin(true),
    onObjectEnd: end,
    onArrayEnd: end,
    onObjectProperty: (property) => {
      const parent = open[open.length - 1];
      if (parent !== undefined) parent.key = property;
    },
    onLiteralValue: (_value: unknown, _offset: number, length: number, line: number, column: number) => {
      const node = nodeOfValue();
      // A JSON string holds no raw line break: a scalar ends on the line it starts on.
      if (node === undefined) return;
      node.region = { startLine: line + 1, startColumn: column + 1, endLine: line + 1, endColumn: column + 1 + length };
      if (node === last && node !== root) throw walkDone;
    },
  };
  try {
    visit(text, visitor);
  } catch (error) {
    if (error !== walkDone) throw error;
  }
  const regions = new Map<string, TextRegion>();
  for (const pointer of wanted) {
    const region = deepestRegion(root, pointer);
    if (region !== undefined) regions.set(pointer, region);
  }
  return regions;
}

function deepestRegion(root: WantedNode, pointer: string): TextRegion | undefined {
  let node: WantedNode | undefined = root;
  let region = root.region;
  for (const token of pointerTokens(pointer)) {
    node = node.children.get(token);
    if (node === undefined) break;
    region = node.region ?? region;
  }
  return region;
}
