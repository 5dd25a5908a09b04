/** Custom dictionary entries and dictionary settings. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface DictionariesState {}

export const initialDictionariesState = (): DictionariesState => ({});
