type Hit = Record<string, unknown> & { objectID?: unknown };

/** An injected group's hits, and where they go in the results. */
export interface Group {
  readonly key: string;
  readonly position: number;
  readonly hits: readonly Hit[];
}

/** The results' order: main hits and groups merged, and how many main hits deduplication removed. */
export interface Assembled {
  readonly hits: Hit[];
  readonly removedFromMain: number;
}

const idOf = (hit: Hit) => String(hit.objectID);

/**
 * Places each group's hits from its position on (groups in position order; a group starting
 * inside another starts after it), main hits filling every other slot, in order. A result in
 * both main and a group is shown once: `highestInjected` (the default) keeps it in its group
 * and drops it from main; `highest` keeps whichever copy comes first and drops the other.
 */
export function assemble(
  main: readonly Hit[],
  groups: readonly Group[],
  positioning: 'highest' | 'highestInjected',
): Assembled {
  const ordered = [...groups].filter((group) => group.hits.length > 0).sort((a, b) => a.position - b.position);
  // Where each group starts once the groups before it are placed.
  const starts: number[] = [];
  let end = 0;
  for (const group of ordered) {
    const start = Math.max(group.position, end);
    starts.push(start);
    end = start + group.hits.length;
  }
  let groupHits = ordered.map((group) => [...group.hits]);
  let mainHits = [...main];
  const injected = new Set(groupHits.flat().map(idOf));
  if (positioning === 'highestInjected') {
    mainHits = mainHits.filter((hit) => !injected.has(idOf(hit)));
  } else {
    // A main hit placed above the group slot of its copy wins: the group's copy goes.
    const placedMain = new Map<string, number>();
    const slotOfGroupHit = new Map<string, number>();
    simulate(mainHits, groupHits, starts).forEach((entry, slot) => {
      if (entry.from === 'main') placedMain.set(idOf(entry.hit), slot);
      else if (!slotOfGroupHit.has(idOf(entry.hit))) slotOfGroupHit.set(idOf(entry.hit), slot);
    });
    const dropFromGroup = new Set(
      [...slotOfGroupHit].filter(([id, slot]) => (placedMain.get(id) ?? Infinity) < slot).map(([id]) => id),
    );
    groupHits = groupHits.map((hits) => hits.filter((hit) => !dropFromGroup.has(idOf(hit))));
    const kept = new Set(groupHits.flat().map(idOf));
    mainHits = mainHits.filter((hit) => !kept.has(idOf(hit)));
  }
  // Several groups may hold the same result: its first group keeps it.
  const seen = new Set<string>();
  groupHits = groupHits.map((hits) =>
    hits.filter((hit) => {
      if (seen.has(idOf(hit))) return false;
      seen.add(idOf(hit));
      return true;
    }),
  );
  return {
    hits: simulate(mainHits, groupHits, starts).map((entry) => entry.hit),
    removedFromMain: main.length - mainHits.length,
  };
}

/** Slot by slot: a group's hits from its start, main hits elsewhere, until both run out. */
function simulate(main: readonly Hit[], groups: readonly (readonly Hit[])[], starts: readonly number[]) {
  const out: { hit: Hit; from: 'main' | 'group' }[] = [];
  let m = 0;
  const next = groups.map(() => 0);
  for (let slot = 0; ; slot++) {
    const g = groups.findIndex((hits, i) => slot >= starts[i] && next[i] < hits.length && slot - starts[i] === next[i]);
    if (g !== -1) {
      out.push({ hit: groups[g][next[g]], from: 'group' });
      next[g]++;
      continue;
    }
    if (m < main.length) {
      out.push({ hit: main[m++], from: 'main' });
      continue;
    }
    // Main ran out: the groups still to come close up.
    const left = groups.findIndex((hits, i) => next[i] < hits.length);
    if (left === -1) return out;
    out.push({ hit: groups[left][next[left]], from: 'group' });
    next[left]++;
  }
}
