/**
 * How the fleet index turns text into words, the same for what is indexed and what is asked, so
 * that every script is found (docs/FLEET.md "Search: tokenization").
 *
 * A word is a run of letters, digits and marks; in scripts written without spaces between words
 * (Han, kana, Thai, Lao, Khmer, Myanmar, Tibetan) every character (with its marks) is a word of its
 * own, and so is every emoji (with its modifiers and zero-width-joined parts) and flag. Each word is
 * folded: compatibility-decomposed, the accents of Latin, Greek, Cyrillic, Arabic and Hebrew letters
 * dropped (`Café` → `cafe`, harakat off Arabic), recomposed, lower-cased. Marks that spell a
 * syllable (Thai vowels, Indic matras) stay.
 *
 * Why not `Intl.Segmenter`: its dictionary words would make a one-character Chinese or Thai
 * query miss the words it sits inside (`京` inside `東京`), so those scripts would need splitting
 * into characters anyway; and segmenting is several times slower than this one regular expression,
 * while the index build has to stay within 3x a bare scan of the payloads.
 */

const NO_SPACE_SCRIPTS = '\\p{sc=Han}\\p{sc=Hiragana}\\p{sc=Katakana}\\p{sc=Thai}\\p{sc=Lao}\\p{sc=Khmer}\\p{sc=Myanmar}\\p{sc=Tibetan}\\u30fc';

/**
 * One word per match: a character of a no-space script, a flag, an emoji, or a run of letters,
 * digits and marks. Made on the first text that is not ASCII: building its Unicode sets was ~1-2 ms
 * of a warm `search`'s start, whose query and snippets are most often ASCII.
 */
let word: RegExp | null = null;
const wordPattern = (): RegExp =>
  (word ??= new RegExp(
    [
      `[${NO_SPACE_SCRIPTS}]\\p{M}*`,
      '\\p{RI}\\p{RI}',
      '\\p{Extended_Pictographic}(?:[\\p{M}\\p{Emoji_Modifier}]|\\u200d\\p{Extended_Pictographic})*',
      `[[\\p{L}\\p{N}\\p{M}]--[${NO_SPACE_SCRIPTS}]]+`,
    ].join('|'),
    'gv',
  ));

/** Letters whose marks are accents (dropped): everything else keeps its marks. */
const ACCENTED_SCRIPTS = /^[\p{sc=Latin}\p{sc=Greek}\p{sc=Cyrillic}\p{sc=Arabic}\p{sc=Hebrew}\p{sc=Common}\p{sc=Inherited}]*$/u;
const MARKS = /\p{M}/gu;
/** Characters the index's tokenizer (FTS5 `ascii`) splits on: a folded word never keeps one. */
const ASCII_SEPARATORS = /[\x00-\x2f\x3a-\x40\x5b-\x60\x7b-\x7f]/g;
const ASCII_ONLY = /^[\x00-\x7f]*$/;
const ASCII_WORD = /[A-Za-z0-9]+/g;

/** A word of a text and where it sits in the text (UTF-16 offsets, end exclusive). */
export type TextWord = { word: string; start: number; end: number };

/** The folded form of one word ('' when nothing of it is searchable). */
export function foldWord(raw: string): string {
  let word = raw.normalize('NFKD');
  if (ACCENTED_SCRIPTS.test(word)) word = word.replace(MARKS, '');
  word = word.normalize('NFC').toLowerCase();
  return word.replace(ASCII_SEPARATORS, '');
}

/** Every word of `text`, folded, with its place in `text`. */
export function textWords(text: string): TextWord[] {
  const words: TextWord[] = [];
  if (ASCII_ONLY.test(text)) {
    for (const match of text.matchAll(ASCII_WORD)) words.push({ word: match[0].toLowerCase(), start: match.index, end: match.index + match[0].length });
    return words;
  }
  for (const match of text.matchAll(wordPattern())) {
    const word = foldWord(match[0]);
    if (word !== '') words.push({ word, start: match.index, end: match.index + match[0].length });
  }
  return words;
}

/**
 * What the index stores for `text`: an ASCII text as it is (the `ascii` tokenizer finds exactly
 * its words and folds their case), any other its folded words joined by spaces.
 */
export function indexedText(text: string): string {
  if (ASCII_ONLY.test(text)) return text;
  let out = '';
  for (const match of text.matchAll(wordPattern())) {
    const word = foldWord(match[0]);
    if (word !== '') out = out === '' ? word : `${out} ${word}`;
  }
  return out;
}
