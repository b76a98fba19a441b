import { getHeapStatistics } from 'node:v8';
import { CspmError } from '../error/cspm-error.js';
import { describeBytes } from '../text/describe-bytes.js';
import { displayCount } from '../text/display-count.js';
import { plural } from '../text/plural.js';
import { largestArray, measureJsonShape, type JsonShape } from './json-shape.js';
import { boundJsonShape } from './json-shape-bound.js';
import { unitsOfText, type EncodedText } from './json-units.js';
import { pointerAtOffset } from './pointer-at-offset.js';

/**
 * The most items V8 puts in one array (FixedArray::kMaxLength on 64-bit, found by
 * trying): JSON.parse of a longer array aborts the whole process, uncatchably.
 */
export const maxArrayItems = 134_217_725;

/**
 * Heap bytes JSON.parse takes per thing it builds, measured on Node 20 (x64) and
 * rounded up: an object or array 56 (empty; its items are counted apart), an item's
 * slot 8, a number with a fraction or exponent 16 more (a boxed double, outside an
 * array of numbers only), a key that differs from every earlier one 83 to 120 (an
 * internalised string and a hidden class, or a dictionary entry), a string value 16 to
 * 24 beside its characters. A key seen before costs only its slot and V8 shares short
 * strings, so a real report takes less than half the estimate (494 MB of report: 376
 * MB on the heap, 744 MB estimated).
 */
const heapCost = { container: 56, item: 8, fraction: 16, distinctKey: 130, string: 24 } as const;

/** The share of the heap limit a parse may fill: the rest is for the analysis after it and for the collector. */
const heapShare = 0.85;

/**
 * No JSON text takes more heap than this per unit of text (measured: 28 for
 * `[[[…]]]`, 21 for `[{},{},…]`, under 1 for a report; estimated: 32 for `[[[…]]]`). A text this many times smaller
 * than the heap left cannot exhaust it and is parsed without a count.
 */
const worstHeapPerUnit = 32;

/** Heap bytes a parse may still fill: a share of V8's limit, less what is in use (the text itself included). */
export function parseHeapLeft(): number {
  const { heap_size_limit: limit, used_heap_size: used } = getHeapStatistics();
  return limit * heapShare - used;
}

/** Heap bytes JSON.parse would take for a text of this shape (an upper estimate). */
export function parseHeapEstimate(shape: JsonShape, encoding: EncodedText['encoding']): number {
  const characters = encoding === 'utf8' ? shape.stringUnits : 2 * shape.stringUnits;
  return (
    heapCost.container * shape.containers +
    heapCost.item * (shape.commas + shape.containers) +
    heapCost.fraction * shape.fractions +
    heapCost.distinctKey * shape.distinctKeys +
    heapCost.string * shape.strings +
    characters
  );
}

/**
 * Refuses, before JSON.parse runs, a text whose parse would end the process: one that
 * would fill the heap left (V8 aborts when out of memory, after minutes of collecting)
 * or that holds an array longer than V8 allows (an immediate abort). A text small
 * beside the heap left is let through without a look; a larger one is counted first:
 * its characters (about 2 ms a megabyte; see boundJsonShape), and, when that bound
 * does not fit, its values and keys (about 3 ms a megabyte more, beside the key scan;
 * see measureJsonShape).
 *
 * @param source the input's name, for the message
 * @param text   the text, or its units (the UTF-8 bytes it was decoded from)
 * @param heap   heap bytes the parse may fill (see parseHeapLeft)
 * @param unitCounts how many times each unit occurs in `text`'s units, if counted already (see countUnits)
 * @throws CspmError `input-exceeds-memory`, naming the value concerned
 */
export function assertParseFits(
  source: string,
  text: string | EncodedText,
  heap = parseHeapLeft(),
  unitCounts?: Uint32Array,
): void {
  if (!parseNeedsCount(typeof text === 'string' ? text.length : text.units.length, heap)) return;
  const { units, encoding } = typeof text === 'string' ? unitsOfText(text) : text;
  // The bound passes what the measure would: only a text it does not pass is measured.
  const bound = boundJsonShape(units, unitCounts);
  if (bound.commas + 1 <= maxArrayItems && parseHeapEstimate(bound, encoding) <= heap) return;
  const shape = measureJsonShape(units);
  // Checked first: no heap makes room for it. Only a text with this many commas can hold one.
  if (shape.commas + 1 > maxArrayItems) assertArraysFit(source, units, encoding);
  const needed = parseHeapEstimate(shape, encoding);
  if (needed <= heap) return;
  const counts = `${plural(shape.containers, 'object or array', 'objects and arrays')}, ${plural(shape.commas + shape.containers, 'item')}, ${plural(shape.distinctKeys, 'different key')}`;
  const enough = Math.ceil((getHeapStatistics().heap_size_limit + needed - heap) / heapShare / 2 ** 30) * 1024;
  const left = Math.max(0, heap);
  throw new CspmError(
    'input-exceeds-memory',
    `${source} would take about ${describeBytes(needed)} of memory to parse (${counts}), more than the ${describeBytes(left)} this process has left; split the file, or run with NODE_OPTIONS=--max-old-space-size=${enough}`,
    { data: { path: source, pointer: '', needed, available: left } },
  );
}

/**
 * False when a text of `length` units cannot hold more than the heap left takes, nor an
 * array longer than V8 allows: assertParseFits then lets it through without a count.
 */
export function parseNeedsCount(length: number, heap: number): boolean {
  // An array too long for V8 takes two units an item; below that, only the heap matters.
  return length * worstHeapPerUnit > heap || length >= 2 * maxArrayItems;
}

function assertArraysFit(source: string, units: EncodedText['units'], encoding: EncodedText['encoding']): void {
  const largest = largestArray(units);
  if (largest.items <= maxArrayItems) return;
  const pointer = pointerAtOffset(units, encoding, largest.offset);
  throw new CspmError(
    'input-exceeds-memory',
    `${source} holds an array of ${displayCount(largest.items)} items at ${pointer === '' ? 'the top (pointer "")' : pointer}; V8 holds at most ${displayCount(maxArrayItems)} in one array (split the file)`,
    { data: { path: source, pointer, items: largest.items, limit: maxArrayItems } },
  );
}
