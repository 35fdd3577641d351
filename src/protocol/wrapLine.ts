// Marker labels wrap at 15 characters (spec section 9). Latin text breaks between words; CJK (and other scripts
// written without spaces) may break between any two characters, so a long run of them is cut every `width`.

const NO_SPACE_SCRIPT = /[\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef\u0e00-\u0e7f]/u;

/** Splits `text` into lines of at most `width` characters (code points), word-aware for spaced scripts. */
export function wrapLine(text: string, width = 15): string[] {
  const lines: string[] = [];
  let line: string[] = [];
  const flush = () => {
    const joined = line.join('').trim();
    if (joined !== '') lines.push(joined);
    line = [];
  };
  for (const word of tokens(text.trim())) {
    const chars = [...word];
    if (word === ' ') {
      if (line.length > 0 && line.length < width) line.push(' ');
      else if (line.length >= width) flush();
      continue;
    }
    if (line.length + chars.length > width && line.length > 0) flush();
    // A single word longer than the line (or a CJK character) is cut at the width.
    for (const ch of chars) {
      if (line.length >= width) flush();
      line.push(ch);
    }
  }
  flush();
  return lines;
}

/** Words of spaced scripts, single characters of unspaced ones, and single spaces between them. */
function tokens(text: string): string[] {
  const out: string[] = [];
  let word = '';
  for (const ch of text) {
    if (/\s/u.test(ch)) {
      if (word) out.push(word);
      word = '';
      if (out[out.length - 1] !== ' ') out.push(' ');
    } else if (NO_SPACE_SCRIPT.test(ch)) {
      if (word) out.push(word);
      word = '';
      out.push(ch);
    } else {
      word += ch;
    }
  }
  if (word) out.push(word);
  return out;
}
