type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One control of an HDF document as it was run, with its overlays' layers taken as one. */
export interface HdfRunControl {
  /** The control as its top layer states it (title, impact, tags, waiver). */
  control: Json;
  /** Its pointer in the document. */
  pointer: string;
  /** The results of the layer that ran it, and their pointer (the top layer's when none ran). */
  results: readonly unknown[];
  resultsPointer: string;
  /** The profile at the root of its overlay: the one the user ran. */
  root: Json;
  /** The title of the group (InSpec's control file) its top layer lists it in, when it has one. */
  group?: string;
  /** True when a layer of it was skipped for a waiver (see inspecjs's `waived`). */
  waived: boolean;
  /** Pointer of that layer's `waiver_data`. */
  waiverPointer?: string;
}

/**
 * The index of each profile's root and its depth under it. An overlay (InSpec's wrapper
 * profile) lists its dependencies as profiles of their own, each naming the one that
 * depends on it in `parent_profile`; one with no parent in the document is a root.
 */
function rootsOf(profiles: readonly Json[]): { root: number; depth: number }[] {
  const byName = new Map<string, number>();
  profiles.forEach((profile, index) => {
    if (typeof profile['name'] === 'string' && !byName.has(profile['name'])) byName.set(profile['name'], index);
  });
  return profiles.map((_, index) => {
    let at = index;
    let depth = 0;
    const seen = new Set<number>([index]);
    for (;;) {
      const parent = profiles[at]?.['parent_profile'];
      const next = typeof parent === 'string' ? byName.get(parent) : undefined;
      if (next === undefined || seen.has(next)) return { root: at, depth };
      seen.add(next);
      at = next;
      depth += 1;
    }
  });
}

interface Layer {
  control: Json;
  pointer: string;
  depth: number;
  profile: Json;
}

/** The title of the group of `profile` that lists the control `id`, when it has a title with a letter. */
function groupTitleOf(profile: Json, id: unknown): string | undefined {
  const groups = Array.isArray(profile['groups']) ? profile['groups'] : [];
  for (const group of groups) {
    if (!isObject(group) || !Array.isArray(group['controls']) || !group['controls'].includes(id)) continue;
    const title = group['title'];
    return typeof title === 'string' && /\p{L}/u.test(title) ? title.trim() : undefined;
  }
  return undefined;
}

/**
 * The controls an HDF document's profiles ran, in the order first listed. The layers of
 * an overlay repeat a control's id: they are one control, stated by the layer nearest the
 * root (an overlay may change its impact) and run by the one that has results, as
 * Heimdall shows them; a control of the same id in another root profile is another control.
 */
export function hdfRunControls(profiles: readonly unknown[]): HdfRunControl[] {
  const objects = profiles.map((profile) => (isObject(profile) ? profile : {}));
  const roots = rootsOf(objects);
  const layers = new Map<string, Layer[]>();
  objects.forEach((profile, index) => {
    const controls = Array.isArray(profile['controls']) ? profile['controls'] : [];
    const { root, depth } = roots[index]!;
    controls.forEach((control, position) => {
      if (!isObject(control)) return;
      const key = JSON.stringify([root, String(control['id'])]);
      let list = layers.get(key);
      if (list === undefined) layers.set(key, (list = []));
      list.push({ control, pointer: `/profiles/${index}/controls/${position}`, depth, profile });
    });
  });
  return [...layers.entries()].map(([key, list]) => runControlOf(list, objects[JSON.parse(key)[0] as number]!));
}

function runControlOf(layers: Layer[], root: Json): HdfRunControl {
  const ordered = [...layers].sort((a, b) => a.depth - b.depth);
  const top = ordered[0]!;
  const ran = ordered.find((layer) => Array.isArray(layer.control['results']) && layer.control['results'].length > 0);
  const waiving = ordered.find((layer) => {
    const waiver = layer.control['waiver_data'];
    return isObject(waiver) && waiver['skipped_due_to_waiver'] === true;
  });
  const group = groupTitleOf(top.profile, top.control['id']);
  return {
    control: top.control,
    pointer: top.pointer,
    results: ran === undefined ? [] : (ran.control['results'] as unknown[]),
    resultsPointer: `${(ran ?? top).pointer}/results`,
    root,
    ...(group === undefined ? {} : { group }),
    waived: waiving !== undefined,
    ...(waiving === undefined ? {} : { waiverPointer: `${waiving.pointer}/waiver_data` }),
  };
}
