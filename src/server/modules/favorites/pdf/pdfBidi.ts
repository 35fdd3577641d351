// Mixed Arabic lines ("السعر 680 €", "طاولة Oak") in the PDF. jsPDF draws a text call with one face, and Noto Sans
// Arabic has Arabic letters, digits and a few punctuation marks only: a euro sign, Latin letters or brackets drawn with
// it came out as nothing. So an Arabic line is cut into runs, each drawn with a face that has its characters, and the
// runs are placed in the order the Unicode bidirectional algorithm gives (bidi-js, the maintained implementation
// troika-three-text uses): the Latin word stays left to right inside the right-to-left line, the number keeps its sign.
import bidiFactory from 'bidi-js';

const bidi = bidiFactory();

export type RunFace = 'arabic' | 'latin';

export interface BidiRun {
  /** In logical order, except a right-to-left run of the Latin face, which is already reversed and mirrored. */
  text: string;
  face: RunFace;
  /** A right-to-left run of the Arabic face: jsPDF joins its letters and reverses it itself. */
  rtl: boolean;
}

const ARABIC_LETTERS = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;
// Neutral characters Noto Sans Arabic draws (fc-query: space, comma, hyphen, full stop, colon): kept in the Arabic run
// between Arabic words so a sentence is one text call, not one per word.
const ARABIC_NEUTRAL = /[ \u00A0,.:-]/;

function faceOf(ch: string, rtl: boolean): RunFace {
  return ARABIC_LETTERS.test(ch) || (rtl && ARABIC_NEUTRAL.test(ch)) ? 'arabic' : 'latin';
}

/** The runs of one line, left to right as they are drawn. */
export function bidiRuns(line: string): BidiRun[] {
  const chars = [...line];
  if (chars.length === 0) return [];
  // bidi-js counts UTF-16 code units: levels are read at each character's first unit.
  const { levels } = bidi.getEmbeddingLevels(line, 'rtl');
  const logical: { chars: string[]; face: RunFace; level: number }[] = [];
  let unit = 0;
  for (const ch of chars) {
    const level = levels[unit]!;
    unit += ch.length;
    const face = faceOf(ch, level % 2 === 1);
    const last = logical[logical.length - 1];
    if (last && last.face === face && last.level === level) last.chars.push(ch);
    else logical.push({ chars: [ch], face, level });
  }
  // Rule L2 at the grain of runs: from the highest level down to the lowest odd one, reverse every sequence of runs at
  // that level or above.
  const visual = [...logical];
  const highest = Math.max(...visual.map((r) => r.level));
  const lowestOdd = Math.min(...visual.map((r) => (r.level % 2 === 1 ? r.level : r.level + 1)));
  for (let level = highest; level >= lowestOdd; level--) {
    for (let i = 0; i < visual.length;) {
      if (visual[i]!.level < level) {
        i++;
        continue;
      }
      let end = i;
      while (end < visual.length && visual[end]!.level >= level) end++;
      visual.splice(i, end - i, ...visual.slice(i, end).reverse());
      i = end;
    }
  }
  return visual.flatMap((r): BidiRun[] => {
    const rtl = r.level % 2 === 1;
    if (r.face === 'arabic' && rtl) {
      // jsPDF moves a right-to-left run's edge spaces to the wrong side: they are drawn apart, where they are seen
      // (the logical end on the left).
      const [, lead = '', core = '', trail = ''] = /^(\s*)([\s\S]*?)(\s*)$/u.exec(r.chars.join('')) ?? [];
      return [
        ...(trail ? [{ text: trail, face: 'latin' as const, rtl: false }] : []),
        ...(core ? [{ text: core, face: r.face, rtl: true }] : []),
        ...(lead ? [{ text: lead, face: 'latin' as const, rtl: false }] : []),
      ];
    }
    if (r.face === 'arabic' || !rtl) return [{ text: r.chars.join(''), face: r.face, rtl: false }];
    // A neutral run inside right-to-left text (a bracket, a euro sign): drawn as it is seen, brackets turned round.
    const seen = [...r.chars].reverse().map((ch) => bidi.getMirroredCharacter(ch) ?? ch);
    return [{ text: seen.join(''), face: r.face, rtl: false }];
  });
}
