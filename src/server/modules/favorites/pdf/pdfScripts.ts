// Which embedded face draws a piece of text. jsPDF draws one TrueType face per text call and does no font fallback,
// so each string is drawn with the face of its script: Arabic (jsPDF joins it and orders it right to left), Thai,
// Korean, Chinese and Japanese, else Noto Sans (Latin, Greek, Cyrillic, Vietnamese).

export type PdfScript = 'latin' | 'arabic' | 'thai' | 'korean' | 'cjk';

const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;
const THAI = /[\u0E00-\u0E7F]/;
const HANGUL = /[\u1100-\u11FF\u3130-\u318F\uAC00-\uD7AF]/;
const CJK = /[\u3040-\u30FF\u3400-\u4DBF\u4E00-\u9FFF\uF900-\uFAFF\uFF00-\uFFEF\u3000-\u303F]/;

/** The script that decides the face: the first non-Latin script found wins (a name in Latin inside stays legible). */
export function scriptOf(text: string): PdfScript {
  if (ARABIC.test(text)) return 'arabic';
  if (THAI.test(text)) return 'thai';
  if (HANGUL.test(text)) return 'korean';
  if (CJK.test(text)) return 'cjk';
  return 'latin';
}

const UPPER_VOWEL = /[\u0E31\u0E34-\u0E37\u0E47]/;
const TONE = /[\u0E48-\u0E4C]/;

/**
 * Thai tone marks over an upper vowel (ที่, นี่) need the font's mark-to-mark positioning, which jsPDF does not apply:
 * drawn as they come, the tone sits on the vowel and hides it. This splits them out so the caller draws them raised.
 * Answers the text without those marks and, for each, the text before it (whose width places it) and the mark.
 */
export function liftThaiTones(text: string): { base: string; lifted: { before: string; mark: string }[] } {
  let base = '';
  const lifted: { before: string; mark: string }[] = [];
  for (const ch of text) {
    const previous = base.slice(-1);
    if (TONE.test(ch) && UPPER_VOWEL.test(previous)) lifted.push({ before: base, mark: ch });
    else base += ch;
  }
  return { base, lifted };
}
