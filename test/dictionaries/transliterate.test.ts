import { describe, expect, it } from 'vitest';
import { camelCaseParts } from '../../src/emulator/search/engine/camel-case';
import { kanaForms, romajiOf, toHiragana, toKatakana } from '../../src/emulator/search/dictionaries/transliterate';

describe('kana transliteration', () => {
  it('folds katakana and hiragana into each other', () => {
    expect(toHiragana('トウキョウ タワー')).toBe('とうきょう たわー');
    expect(toKatakana('すし と 東京')).toBe('スシ ト 東京');
  });

  it('writes kana in romaji as typed: digraphs, small vowels, double consonants, long vowels', () => {
    expect(romajiOf('とうきょう')).toBe('toukyou');
    expect(romajiOf('しゃしん')).toBe('shashin');
    expect(romajiOf('ちゃっと')).toBe('chatto');
    expect(romajiOf(toHiragana('ラーメン'))).toBe('raamen');
    expect(romajiOf(toHiragana('ファイル'))).toBe('fairu');
    expect(romajiOf(toHiragana('パーティー'))).toBe('paatii');
    expect(romajiOf(toHiragana('ウィンドウ'))).toBe('windou');
    expect(romajiOf('じゃ')).toBe('ja');
    expect(romajiOf('東京')).toBeUndefined();
  });

  it('gives the other forms of a word, none for a word without kana', () => {
    expect(kanaForms('スシ')).toEqual(['すし', 'sushi']);
    expect(kanaForms('東京タワー')).toEqual(['東京たわー']);
    expect(kanaForms('東京')).toEqual([]);
    // The engine's normalized (decomposed) form is composed first.
    expect(kanaForms('カ\u3099ス')).toEqual(['がす', 'gasu']);
  });
});

describe('camel case parts', () => {
  it('splits at lower-to-upper changes and before the last capital of a run', () => {
    const parts = (word: string) => camelCaseParts(word)?.map(([start, end]) => word.slice(start, end));
    expect(parts('camelCaseWord')).toEqual(['camel', 'Case', 'Word']);
    expect(parts('HTTPRequest')).toEqual(['HTTP', 'Request']);
    expect(parts('parseHTMLString')).toEqual(['parse', 'HTML', 'String']);
    expect(parts('ÉcoleÉté')).toEqual(['École', 'Été']);
    expect(parts('lowercase')).toBeUndefined();
    expect(parts('ABC')).toBeUndefined();
  });
});
