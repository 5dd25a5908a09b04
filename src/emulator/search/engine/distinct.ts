import { readPath } from './fields';
import type { Candidate } from './rank';

/**
 * Groups sorted matches by `attributeForDistinct`, keeping the `limit` best of each group,
 * groups in the order of their best member. Records without the attribute form groups of
 * their own. With distinct off (or no attribute), every match is its own group.
 */
export function distinctGroups(sorted: readonly Candidate[], attribute: string | null, limit: number): Candidate[][] {
  if (!attribute || limit <= 0) return sorted.map((candidate) => [candidate]);
  const groups: Candidate[][] = [];
  const byKey = new Map<string, Candidate[]>();
  for (const candidate of sorted) {
    const value = readPath(candidate.info.doc.record, attribute);
    if (value === undefined || value === null) {
      groups.push([candidate]);
      continue;
    }
    const key = JSON.stringify(value);
    const group = byKey.get(key);
    if (!group) {
      const fresh = [candidate];
      byKey.set(key, fresh);
      groups.push(fresh);
    } else if (group.length < limit) {
      group.push(candidate);
    }
  }
  return groups;
}
