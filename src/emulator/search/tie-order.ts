/**
 * The order the service gives items every other criterion ties on: objectID, descending
 * (code units compared, as `<` does). The v4 client's integration tests, written against the
 * real service, page through ten records, rules or synonyms saved as 0..9 as 9, 8 | 7, 6 ...,
 * and find two equally relevant records "julien-lemoine", "nicolas-dessaigne" as nicolas first.
 */
export function byObjectIDDescending(a: { readonly objectID: string }, b: { readonly objectID: string }): number {
  return a.objectID < b.objectID ? 1 : a.objectID > b.objectID ? -1 : 0;
}
