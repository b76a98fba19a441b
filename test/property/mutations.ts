import fc from 'fast-check';
import { hostileFragments, reportText } from './hostile-text.js';
import { cloneJson, KeyList, RawJson, toJsonText } from './json-text.js';
import { smallSizes, validDocument, type GeneratedDocument, type ReportSizes } from './report-arbitrary.js';

/** Limits of the mutations; the pinned run keeps arrays and strings small enough to stay fast. */
export interface MutationSizes extends ReportSizes {
  /** Longest string a mutation writes. */
  maxLongString: number;
  /** Most copies a "huge array" mutation makes of an element. */
  maxArrayCopies: number;
  /** Rough bound of the text a huge array may add, so that a case stays fast. */
  maxArrayBytes: number;
  /**
   * Copies of a rare "very huge" array (1 in 200 huge-array mutations), enough for over
   * 125,000 findings; 0 for none. Such a case takes seconds, so only long runs have them.
   */
  veryHugeCopies: number;
  /** Rough bound of the text a very huge array may add. */
  veryHugeBytes: number;
}

/** Sizes of the pinned run in `npm test`. */
export const pinnedMutationSizes: MutationSizes = {
  ...smallSizes,
  maxLongString: 10_000,
  maxArrayCopies: 2_000,
  maxArrayBytes: 1_000_000,
  veryHugeCopies: 0,
  veryHugeBytes: 0,
};

/** Sizes of `npm run fuzz`: as pinned, plus the rare very huge array. */
export const fuzzMutationSizes: MutationSizes = {
  ...pinnedMutationSizes,
  veryHugeCopies: 130_000,
  veryHugeBytes: 64_000_000,
};

/** Numbers that have broken number handling: signed zero, beyond 2^53, near and past the double range. */
export const edgeNumbers: readonly string[] = [
  '-0',
  '-0.0',
  '0e5',
  '9007199254740993',
  '18014398509481985',
  '1e308',
  '1.7976931348623157e308',
  '1e400',
  '-1e308',
  '4.9e-324',
  '1e-400',
  '-1',
  '-9007199254740993',
  '0.5',
  '1E2',
  '123456789012345678901234567890',
];

/** Values of every JSON type, to put where another type is expected. */
const otherTypes: readonly unknown[] = [
  null,
  true,
  false,
  0,
  1,
  '',
  '12',
  'Green',
  [],
  {},
  [null, 1, 'x'],
  { Total: 1 },
];

/** Counts a report states, whose sums a tool computes. */
const countKeys = new Set([
  'Total',
  'Green',
  'Red',
  'Amber',
  'Gray',
  'PassedResourceCount',
  'TotalResourceCount',
  'ControlCategoryOrder',
  'CompliancePercent',
  'statusCode',
]);

/** One edit of a document; `at` picks the place among those the edit applies to. */
export type Mutation =
  | { kind: 'swap-type'; at: number; value: unknown }
  | { kind: 'drop-field'; at: number; key: number }
  | { kind: 'edge-number'; at: number; number: string }
  | { kind: 'overflow-sums'; at: number; number: string }
  | { kind: 'negative-count'; at: number; number: number }
  | { kind: 'long-string'; at: number; text: string; length: number }
  | { kind: 'hostile-string'; at: number; text: string }
  | { kind: 'huge-array'; at: number; copies: number }
  | { kind: 'empty-array'; at: number }
  | { kind: 'duplicate-key'; at: number; key: number; value: unknown; first: boolean }
  | { kind: 'prototype-key'; at: number; key: string; value: unknown };

/** An edit of the JSON text itself, after the value is written. */
export type TextEdit =
  { kind: 'none' } | { kind: 'truncate'; at: number } | { kind: 'insert'; at: number; text: string } | { kind: 'bom' };

/** Every mutation, with values drawn within `sizes`. */
export function mutationArbitrary(sizes: MutationSizes): fc.Arbitrary<Mutation> {
  const at = fc.nat();
  return fc.oneof(
    fc.record({ kind: fc.constant('swap-type' as const), at, value: fc.constantFrom(...otherTypes) }),
    fc.record({ kind: fc.constant('drop-field' as const), at, key: fc.nat() }),
    fc.record({ kind: fc.constant('edge-number' as const), at, number: fc.constantFrom(...edgeNumbers) }),
    fc.record({
      kind: fc.constant('overflow-sums' as const),
      at,
      number: fc.constantFrom('1e308', '9007199254740993', '1.7976931348623157e308'),
    }),
    fc.record({ kind: fc.constant('negative-count' as const), at, number: fc.integer({ min: -1_000_000, max: -1 }) }),
    fc.record({
      kind: fc.constant('long-string' as const),
      at,
      text: fc.constantFrom('x', 'Ab ', ...hostileFragments),
      length: fc.integer({ min: 0, max: sizes.maxLongString }),
    }),
    fc.record({ kind: fc.constant('hostile-string' as const), at, text: reportText(200) }),
    fc.record({
      kind: fc.constant('huge-array' as const),
      at,
      copies:
        sizes.veryHugeCopies > 0
          ? fc.oneof(
              { weight: 199, arbitrary: fc.integer({ min: 2, max: sizes.maxArrayCopies }) },
              { weight: 1, arbitrary: fc.constant(sizes.veryHugeCopies) },
            )
          : fc.integer({ min: 2, max: sizes.maxArrayCopies }),
    }),
    fc.record({ kind: fc.constant('empty-array' as const), at }),
    fc.record({
      kind: fc.constant('duplicate-key' as const),
      at,
      key: fc.nat(),
      value: fc.constantFrom(...otherTypes),
      first: fc.boolean(),
    }),
    fc.record({
      kind: fc.constant('prototype-key' as const),
      at,
      key: fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'),
      value: fc.constantFrom<unknown>({ polluted: 'yes' }, 'text', null, [], { prototype: { polluted: 'yes' } }),
    }),
  );
}

/** A text edit: mostly none, else a cut, an inserted character or a byte order mark. */
export const textEditArbitrary: fc.Arbitrary<TextEdit> = fc.oneof(
  { weight: 6, arbitrary: fc.constant({ kind: 'none' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('insert' as const),
      at: fc.nat(),
      text: fc.constantFrom(',', '}', ']', '"', '\\', ':', 'x', '\u0000', '\n', '{', '[', '/*', "'", '\ud800'),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'bom' as const }) },
);

/** A place in the value tree: the container and the key or index of the value. */
interface Slot {
  get(): unknown;
  set(value: unknown): void;
  key: string | number;
}

function slotsOf(root: KeyList): Slot[] {
  const slots: Slot[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      value.forEach((item, index) => {
        slots.push({ get: () => value[index], set: (next) => (value[index] = next), key: index });
        visit(item);
      });
    } else if (value instanceof KeyList) {
      value.entries.forEach((entry) => {
        slots.push({ get: () => entry[1], set: (next) => (entry[1] = next), key: entry[0] });
        visit(entry[1]);
      });
    }
  };
  visit(root);
  return slots;
}

function pick<T>(items: readonly T[], at: number): T | undefined {
  return items.length === 0 ? undefined : items[at % items.length];
}

function applyMutation(
  root: KeyList,
  mutation: Mutation,
  sizes: Pick<MutationSizes, 'maxArrayBytes' | 'maxArrayCopies' | 'veryHugeBytes'>,
  indent: number,
): void {
  const slots = slotsOf(root);
  const where = (test: (slot: Slot) => boolean): Slot | undefined => pick(slots.filter(test), mutation.at);
  const objects = [...slots.map((slot) => slot.get()).filter((value): value is KeyList => value instanceof KeyList)];
  const arrays = slots.map((slot) => slot.get()).filter((value): value is unknown[] => Array.isArray(value));
  switch (mutation.kind) {
    case 'swap-type':
      where(() => true)?.set(cloneJson(mutation.value));
      return;
    case 'drop-field': {
      const object = pick(objects, mutation.at);
      if (object && object.entries.length > 0) object.entries.splice(mutation.key % object.entries.length, 1);
      return;
    }
    case 'edge-number':
      where((slot) => typeof slot.get() === 'number' || countKeys.has(String(slot.key)))?.set(
        new RawJson(mutation.number),
      );
      return;
    case 'overflow-sums': {
      // Every policy of one category (or every category of a report) gets the same huge count,
      // so that a sum overflows to Infinity and Infinity − Infinity gives NaN.
      const list = pick(
        slots
          .filter((slot) => slot.key === 'Policies' || slot.key === 'ResourceCategories')
          .map((slot) => slot.get())
          .filter((value): value is unknown[] => Array.isArray(value)),
        mutation.at,
      );
      for (const item of list ?? []) {
        if (!(item instanceof KeyList)) continue;
        for (const entry of item.entries)
          if (countKeys.has(entry[0]) && entry[0] !== 'ControlCategoryOrder') entry[1] = new RawJson(mutation.number);
      }
      return;
    }
    case 'negative-count':
      where((slot) => countKeys.has(String(slot.key)))?.set(mutation.number);
      return;
    case 'long-string':
      where((slot) => typeof slot.get() === 'string')?.set(
        mutation.text.repeat(Math.ceil(mutation.length / Math.max(1, mutation.text.length))).slice(0, mutation.length),
      );
      return;
    case 'hostile-string':
      where((slot) => typeof slot.get() === 'string')?.set(mutation.text);
      return;
    case 'huge-array': {
      const array = pick(
        arrays.filter((items) => items.length > 0),
        mutation.at,
      );
      if (!array) return;
      // The same element again and again: the text repeats it, the value shares it.
      const bytes = mutation.copies > sizes.maxArrayCopies ? sizes.veryHugeBytes : sizes.maxArrayBytes;
      // Measured as written (indented, and nested deeper than on its own: twice as much).
      const copies = Math.min(mutation.copies, Math.floor(bytes / (2 * toJsonText(array[0], indent).length + 1)));
      for (let copy = 0; copy < copies; copy += 1) array.push(array[0]);
      return;
    }
    case 'empty-array':
      pick(arrays, mutation.at)?.splice(0);
      return;
    case 'duplicate-key': {
      const object = pick(objects, mutation.at);
      const entry = object ? pick(object.entries, mutation.key) : undefined;
      if (!object || !entry) return;
      const repeat: [string, unknown] = [entry[0], cloneJson(mutation.value)];
      // First: JSON.parse keeps the last value, so the original wins; last: the new value wins.
      if (mutation.first) object.entries.unshift(repeat);
      else object.entries.push(repeat);
      return;
    }
    case 'prototype-key':
      pick(objects, mutation.at)?.entries.unshift([mutation.key, cloneJson(mutation.value)]);
      return;
  }
}

function applyTextEdit(text: string, edit: TextEdit): string {
  switch (edit.kind) {
    case 'none':
      return text;
    case 'truncate':
      return text.slice(0, edit.at % (text.length + 1));
    case 'insert': {
      const at = edit.at % (text.length + 1);
      return text.slice(0, at) + edit.text + text.slice(at);
    }
    case 'bom':
      return `\ufeff${text}`;
  }
}

/** A generated document, edited, as JSON text. */
export interface MutatedCase {
  document: GeneratedDocument;
  mutations: Mutation[];
  textEdit: TextEdit;
  indent: number;
  text: string;
}

/** Writes a document with its mutations and text edit applied. */
export function mutatedText(
  document: GeneratedDocument,
  mutations: readonly Mutation[],
  textEdit: TextEdit,
  indent: number,
  sizes: MutationSizes,
): string {
  const root = new KeyList([['document', cloneJson(document.value)]]);
  // One huge array per case, copied last: copies of copies would multiply past any
  // memory, and so would a long string written later into the element it repeats.
  const huge = mutations.find((mutation) => mutation.kind === 'huge-array');
  for (const mutation of mutations) if (mutation.kind !== 'huge-array') applyMutation(root, mutation, sizes, indent);
  if (huge) applyMutation(root, huge, sizes, indent);
  return applyTextEdit(toJsonText(root.entries.find(([key]) => key === 'document')?.[1] ?? null, indent), textEdit);
}

/** Valid documents with up to four mutations and maybe a text edit, written as JSON text. */
export function mutatedCase(sizes: MutationSizes = pinnedMutationSizes): fc.Arbitrary<MutatedCase> {
  return fc
    .record({
      document: validDocument(sizes),
      mutations: fc.array(mutationArbitrary(sizes), { minLength: 0, maxLength: 4 }),
      textEdit: textEditArbitrary,
      indent: fc.constantFrom(0, 2),
    })
    .map(({ document, mutations, textEdit, indent }) => ({
      document,
      mutations,
      textEdit,
      indent,
      text: mutatedText(document, mutations, textEdit, indent, sizes),
    }));
}
