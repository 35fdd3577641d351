// How marker text becomes search terms, the same way when indexing and when querying.
// MiniSearch's default tokenizer splits on spaces and punctuation, which leaves a Japanese, Chinese or Thai
// sentence as one giant "word" that no partial query can match. Those scripts are written without spaces, so
// their runs are cut into overlapping character bigrams instead (the classic CJK n-gram index): a query's
// bigrams all occur in the text exactly when the text contains the query (for queries of 2+ characters).
// Korean does use spaces, but compounds are long, so Hangul runs are cut the same way.

/** Scripts written without spaces between words (Han, Kana with its marks, Hangul, Thai). */
const DENSE_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}\u3005\u30FC\uFF70]/u;
const DENSE_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}\u3005\u30FC\uFF70]+/gu;
/** A word of other scripts: letters, digits and their combining marks (Arabic harakat, Devanagari vowels...). */
const WORD = /[\p{L}\p{N}\p{M}]+/gu;

/**
 * Letters that Unicode does not decompose but that a visitor types without their stroke or ligature; and Greek
 * final sigma, which toLowerCase() writes at a word's end where a visitor typing a prefix writes 'σ'.
 */
const UNDECOMPOSABLE: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i', ς: 'σ' };
const UNDECOMPOSABLE_RE = new RegExp(`[${Object.keys(UNDECOMPOSABLE).join('')}]`, 'g');

export function isDense(term: string): boolean {
  return DENSE_CHAR.test(term);
}

/** Overlapping bigrams of a dense run; with unigrams too when indexing, so a one-character query still finds it. */
function denseTerms(run: string, withUnigrams: boolean): string[] {
  const chars = [...run];
  if (chars.length === 1) return chars;
  const terms: string[] = [];
  for (let i = 0; i < chars.length; i++) {
    if (withUnigrams) terms.push(chars[i]!);
    if (i + 1 < chars.length) terms.push(chars[i]! + chars[i + 1]!);
  }
  return terms;
}

function tokenize(raw: string, withUnigrams: boolean): string[] {
  // NFKC first: full-width Latin ('ＳＯＦＡ', '２４０') and half-width Katakana ('ｿﾌｧ') become the forms people
  // usually type, before anything is split.
  const text = raw.normalize('NFKC');
  const terms: string[] = [];
  // Dense runs are cut out first; what is left between them is split into ordinary words.
  let last = 0;
  for (const match of text.matchAll(DENSE_RUN)) {
    terms.push(...(text.slice(last, match.index).match(WORD) ?? []));
    terms.push(...denseTerms(match[0], withUnigrams));
    last = match.index + match[0].length;
  }
  terms.push(...(text.slice(last).match(WORD) ?? []));
  return terms;
}

/** Terms of an indexed text: words, plus bigrams and unigrams of dense runs. */
export function tokenizeForIndex(text: string): string[] {
  return tokenize(text, true);
}

/**
 * Terms of a query: words and the bigrams of dense runs (a lone character stays itself). Unigrams are left out:
 * every one of them would also be required (AND) and add nothing the bigrams do not already demand.
 */
export function tokenizeQuery(text: string): string[] {
  return tokenize(text, false);
}

/**
 * Lower case, and accents and other diacritics folded ('Canapé' -> 'canape', 'Straße' -> 'strasse'), so a
 * visitor finds a word however they type it. Dense terms are only lower-cased: decomposing Hangul would split
 * syllables into jamo, Thai vowels are combining marks, and Japanese voicing marks change the word.
 */
export function normalizeTerm(term: string): string {
  const lower = term.toLowerCase();
  if (isDense(lower)) return lower;
  return lower
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(UNDECOMPOSABLE_RE, (letter) => UNDECOMPOSABLE[letter] ?? letter)
    .normalize('NFC');
}
