/** A composition as stored: the body `putComposition` accepted (validated, kept as sent). */
export type StoredComposition = Readonly<Record<string, unknown>> & { readonly objectID: string };

/** A composition rule as stored. */
export type StoredRule = Readonly<Record<string, unknown>> & { readonly objectID: string };

/** Compositions and their rules (applied when their write task publishes). */
export interface CompositionState {
  /** Composition objectID -> composition, in creation order. */
  readonly compositions: ReadonlyMap<string, StoredComposition>;
  /** Composition objectID -> rule objectID -> rule. */
  readonly rules: ReadonlyMap<string, ReadonlyMap<string, StoredRule>>;
}

export const initialCompositionState = (): CompositionState => ({ compositions: new Map(), rules: new Map() });
