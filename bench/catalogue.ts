import alea from 'seedrandom/lib/alea.js';

/** A seeded synthetic product catalogue: the same records on every run. */
export interface Product {
  objectID: string;
  name: string;
  brand: string;
  description: string;
  category: string;
  popularity: number;
  _geoloc: { lat: number; lng: number };
}

const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ra',
  'ten',
  'sol',
  'vi',
  'dor',
  'pa',
  'nu',
  'bel',
  'ix',
  'mar',
  'ko',
  'tri',
  'sen',
  'ga',
  'lum',
  'fe',
  'zo',
];

export function catalogue(size: number, seed = 'bench') {
  const random = alea(seed, { state: true });
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const vocabulary = Array.from(
    new Set(
      Array.from({ length: 6000 }, () =>
        Array.from({ length: 2 + Math.floor(random() * 3) }, () => pick(SYLLABLES)).join(''),
      ),
    ),
  ).filter((w) => w.length >= 4);
  // A Zipf-like draw: a few frequent words, a long tail.
  const word = () => vocabulary[Math.floor(vocabulary.length * random() ** 2.2)];
  const words = (n: number) => Array.from({ length: n }, word).join(' ');
  const brands = vocabulary.slice(0, 300);
  const categories = vocabulary.slice(300, 340);
  const records: Product[] = Array.from({ length: size }, (_, i) => ({
    objectID: String(i + 1),
    name: words(2 + Math.floor(random() * 3)),
    brand: pick(brands),
    description: words(10 + Math.floor(random() * 15)),
    category: pick(categories),
    popularity: Math.floor(random() * 100_000),
    _geoloc: { lat: -60 + random() * 130, lng: -180 + random() * 360 },
  }));
  return { records, vocabulary, random, word };
}

/**
 * The bench's kinds of queries, drawn from the catalogue's seeded generator: the same catalogue
 * drawing the same kinds in the same order gives the same queries in every run.
 */
export function queryKinds({
  records,
  vocabulary,
  random,
  word,
}: ReturnType<typeof catalogue>): Record<string, () => string> {
  const pickFrom = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const long = vocabulary.filter((w) => w.length >= 6);
  // Two letters swapped inside the word: one typo.
  const typo = (w: string) => {
    const i = 1 + Math.floor(random() * (w.length - 2));
    return w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2);
  };
  return {
    'one word': () => word(),
    'two words': () => pickFrom(records).name.split(' ').slice(0, 2).join(' '),
    typo: () => typo(pickFrom(long)),
    prefix: () => word().slice(0, 3),
  };
}
