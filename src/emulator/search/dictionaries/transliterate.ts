/**
 * Japanese transliteration without a dictionary (`attributesToTransliterate` with
 * `indexLanguages: ['ja']`): a word holding kana is also indexed in the other kana script and,
 * when it is kana only, in romaji (Hepburn as typed on a keyboard: `shi`, `chi`, `tsu`, `fu`,
 * `ji`, long vowels spelled out, `っ` doubling the next consonant, `ー` repeating the vowel before
 * it). Kanji readings need a dictionary and are not derived: a word in kanji is found only in kanji.
 */

const HIRAGANA_FIRST = 0x3041;
const HIRAGANA_LAST = 0x3096;
const KATAKANA_SHIFT = 0x60;

/** Romaji of each hiragana, written row by row. */
const ROWS: readonly (readonly [string, string])[] = [
  ['あいうえお', 'a i u e o'],
  ['かきくけこ', 'ka ki ku ke ko'],
  ['さしすせそ', 'sa shi su se so'],
  ['たちつてと', 'ta chi tsu te to'],
  ['なにぬねの', 'na ni nu ne no'],
  ['はひふへほ', 'ha hi fu he ho'],
  ['まみむめも', 'ma mi mu me mo'],
  ['やゆよ', 'ya yu yo'],
  ['らりるれろ', 'ra ri ru re ro'],
  ['わゐゑをん', 'wa i e o n'],
  ['がぎぐげご', 'ga gi gu ge go'],
  ['ざじずぜぞ', 'za ji zu ze zo'],
  ['だぢづでど', 'da ji zu de do'],
  ['ばびぶべぼ', 'ba bi bu be bo'],
  ['ぱぴぷぺぽ', 'pa pi pu pe po'],
  ['ゔゕゖ', 'vu ka ke'],
];

const ROMAJI = new Map<string, string>();
for (const [kana, romaji] of ROWS) {
  const spelled = romaji.split(' ');
  [...kana].forEach((char, i) => ROMAJI.set(char, spelled[i]));
}

/** Small kana that change the syllable before them. */
const SMALL_Y: Readonly<Record<string, string>> = { ゃ: 'a', ゅ: 'u', ょ: 'o' };
const SMALL_VOWEL: Readonly<Record<string, string>> = { ぁ: 'a', ぃ: 'i', ぅ: 'u', ぇ: 'e', ぉ: 'o', ゎ: 'a' };
const SOKUON = 'っ';
const CHOON = new Set(['ー', 'ｰ']);
const ITERATION: Readonly<Record<string, string>> = { ゝ: '', ゞ: '' };

function isHiragana(code: number): boolean {
  return code >= HIRAGANA_FIRST && code <= HIRAGANA_LAST;
}

function isKatakana(code: number): boolean {
  return code >= HIRAGANA_FIRST + KATAKANA_SHIFT && code <= HIRAGANA_LAST + KATAKANA_SHIFT;
}

/** Katakana turned into hiragana; everything else kept. */
export function toHiragana(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    out += isKatakana(code)
      ? String.fromCodePoint(code - KATAKANA_SHIFT)
      : char === 'ヽ'
        ? 'ゝ'
        : char === 'ヾ'
          ? 'ゞ'
          : char;
  }
  return out;
}

/** Hiragana turned into katakana; everything else kept. */
export function toKatakana(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    out += isHiragana(code)
      ? String.fromCodePoint(code + KATAKANA_SHIFT)
      : char === 'ゝ'
        ? 'ヽ'
        : char === 'ゞ'
          ? 'ヾ'
          : char;
  }
  return out;
}

/** Whether a text holds a kana letter. */
function hasKana(text: string): boolean {
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (isHiragana(code) || isKatakana(code)) return true;
  }
  return false;
}

/** Romaji of a text written in hiragana (and `ー`), undefined when it holds anything else. */
export function romajiOf(hiragana: string): string | undefined {
  let out = '';
  let double = false;
  for (const char of hiragana) {
    if (char === SOKUON) {
      double = true;
      continue;
    }
    let syllable: string;
    if (CHOON.has(char)) {
      const vowel = /[aeiou]$/.exec(out);
      if (!vowel) return undefined;
      syllable = vowel[0];
    } else if (SMALL_Y[char] !== undefined) {
      // きゃ kya, しゃ sha, ちゃ cha, じゃ ja; alone, ya.
      const vowel = SMALL_Y[char];
      if (out.endsWith('shi') || out.endsWith('chi') || out.endsWith('ji')) out = out.slice(0, -1);
      else if (out.endsWith('i') && out.length >= 2) out = `${out.slice(0, -1)}y`;
      else out += 'y';
      syllable = vowel;
    } else if (SMALL_VOWEL[char] !== undefined) {
      // ふぁ fa, てぃ ti, うぃ wi, しぇ she, つぁ tsa; alone, the vowel.
      const vowel = SMALL_VOWEL[char];
      const last = /(?:^|[^aeiou])([aeiou])$/.exec(out);
      if (last && out.length >= 2) out = out.slice(0, -1);
      else if (out.endsWith('u')) out = `${out.slice(0, -1)}w`;
      syllable = vowel;
    } else if (ITERATION[char] !== undefined) {
      return undefined;
    } else {
      const romaji = ROMAJI.get(char);
      if (romaji === undefined) return undefined;
      syllable = romaji;
    }
    if (double) {
      if (/^[bcdfghjkmpqrstvwxyz]/.test(syllable)) syllable = syllable[0] + syllable;
      double = false;
    }
    out += syllable;
  }
  return out === '' ? undefined : out;
}

/**
 * The other forms a word is indexed under: its hiragana and katakana spellings and, for a word
 * of kana only, its romaji. The word is NFC-composed first (the engine folds `が` to `か` + mark).
 */
export function kanaForms(word: string): string[] {
  if (!hasKana(word.normalize('NFC'))) return [];
  const composed = word.normalize('NFC');
  const hiragana = toHiragana(composed);
  const forms = new Set([hiragana, toKatakana(composed)]);
  const romaji = romajiOf(hiragana);
  if (romaji !== undefined) forms.add(romaji);
  forms.delete(composed);
  forms.delete(word);
  return [...forms];
}
