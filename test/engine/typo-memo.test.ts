import { describe, expect, it } from 'vitest';
import { fuzzyVocabulary } from '../../src/emulator/search/engine/typo';
import { Vocabulary } from '../../src/emulator/search/engine/vocabulary';

describe('remembered typo walks', () => {
  it('answer again from memory, and see terms added since', () => {
    const vocabulary = new Vocabulary();
    for (const term of ['apple', 'apply', 'banana', '1234']) vocabulary.add(term);
    const first = fuzzyVocabulary(vocabulary, 'appel', 1, false).map((m) => m.term);
    expect(first).toEqual(['apple']);
    expect(fuzzyVocabulary(vocabulary, 'appel', 1, false).map((m) => m.term)).toEqual(first);
    vocabulary.add('appeal');
    vocabulary.add('appel');
    expect(fuzzyVocabulary(vocabulary, 'appel', 1, false).map((m) => m.term)).toEqual(['appeal', 'appel', 'apple']);
    // The same word under another budget or prefix mode is its own walk.
    expect(fuzzyVocabulary(vocabulary, 'appel', 0, true).map((m) => m.term)).toEqual(['appel']);
    expect(fuzzyVocabulary(vocabulary, 'app', 0, true).map((m) => m.term)).toEqual([
      'appeal',
      'appel',
      'apple',
      'apply',
    ]);
  });
});
