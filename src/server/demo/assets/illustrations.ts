// SVG drawings for the gallery (the harbour at four times of day), the stickers and the kitchen
// multitag entries.

const FONT = 'font-family="DejaVu Sans, Arial, sans-serif"';

interface Mood { sky: [string, string, string]; sea: [string, string]; sun: string | null; sunY: number; night: boolean; label: string }

export const HARBOUR_MOODS: Record<'dawn' | 'noon' | 'dusk' | 'night', Mood> = {
  dawn: { sky: ['#2d3e66', '#c98a8a', '#f4c58e'], sea: ['#59607a', '#2c3550'], sun: '#ffe2a8', sunY: 470, night: false, label: 'Dawn' },
  noon: { sky: ['#3d74b8', '#8db8e0', '#d7e8f3'], sea: ['#3b7ea1', '#1d4f6e'], sun: '#fffbe8', sunY: 140, night: false, label: 'Noon' },
  dusk: { sky: ['#3b2d5a', '#d0655a', '#f6b26b'], sea: ['#7b4e5c', '#2b2440'], sun: '#ffcf7a', sunY: 455, night: false, label: 'Dusk' },
  night: { sky: ['#060b1c', '#12234a', '#23355e'], sea: ['#0d1a33', '#050a16'], sun: null, sunY: 0, night: true, label: 'Night' },
};

/** 1200 x 800 view of the harbour from the house: sea, breakwater, lighthouse, moored boats. */
export function harbourView(mood: Mood): string {
  const stars = mood.night
    ? Array.from({ length: 70 }, (_, i) => `<circle cx="${(i * 397) % 1200}" cy="${(i * 131) % 380}" r="${i % 5 === 0 ? 2 : 1.2}" fill="#fff" fill-opacity="${0.4 + (i % 3) * 0.2}"/>`).join('')
    : '';
  const sun = mood.sun ? `<circle cx="760" cy="${mood.sunY}" r="46" fill="${mood.sun}"/><circle cx="760" cy="${mood.sunY}" r="120" fill="${mood.sun}" fill-opacity="0.18"/>` : '<circle cx="300" cy="150" r="34" fill="#f3f1e6"/>';
  const beam = mood.night ? '<polygon points="905,392 1200,330 1200,420" fill="#fff7c2" fill-opacity="0.25"/>' : '';
  const lit = mood.night ? '#ffe27a' : '#f6f1df';
  const boats = [[200, 600, 1], [520, 640, 1.4], [980, 590, 0.8]].map(([x, y, s]) => `<g transform="translate(${x} ${y}) scale(${s})">`
    + `<path d="M -60 0 L 60 0 L 45 22 L -45 22 Z" fill="${mood.night ? '#1d2433' : '#f2f2ee'}"/><line x1="0" y1="0" x2="0" y2="-130" stroke="${mood.night ? '#39425a' : '#cfcfcf'}" stroke-width="3"/>`
    + `<path d="M 4 -124 L 4 -8 L 52 -8 Z" fill="${mood.night ? '#2a3246' : '#ffffff'}" fill-opacity="0.85"/></g>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mood.sky[0]}"/><stop offset="0.6" stop-color="${mood.sky[1]}"/><stop offset="1" stop-color="${mood.sky[2]}"/></linearGradient>
<linearGradient id="sea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mood.sea[0]}"/><stop offset="1" stop-color="${mood.sea[1]}"/></linearGradient></defs>
<rect width="1200" height="500" fill="url(#sky)"/>${stars}${sun}
<path d="M 0 480 Q 150 455 300 470 T 620 462 T 900 475 T 1200 468 L 1200 500 L 0 500 Z" fill="${mood.night ? '#0b1328' : '#6d7f8c'}" fill-opacity="0.75"/>
<rect y="500" width="1200" height="300" fill="url(#sea)"/>
${Array.from({ length: 18 }, (_, i) => `<line x1="${(i * 263) % 1150}" y1="${520 + (i * 37) % 260}" x2="${(i * 263) % 1150 + 60 + (i % 4) * 20}" y2="${520 + (i * 37) % 260}" stroke="#fff" stroke-opacity="0.25" stroke-width="2"/>`).join('')}
<rect x="420" y="488" width="520" height="16" fill="${mood.night ? '#1a2030' : '#8a8378'}"/>
<rect x="880" y="392" width="30" height="98" fill="#f0eee8"/><rect x="880" y="412" width="30" height="16" fill="#b02a22"/><rect x="880" y="448" width="30" height="16" fill="#b02a22"/>
<rect x="876" y="378" width="38" height="16" fill="${lit}"/>${beam}
${boats}
<rect y="740" width="1200" height="60" fill="#000" fill-opacity="0.25"/>
<text x="40" y="782" ${FONT} font-size="30" fill="#fff">Harbour House · ${mood.label}</text>
</svg>`;
}

/** A painted timber sign on a transparent background (sticker). */
export function welcomeSign(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="320" viewBox="0 0 640 320">
<rect x="20" y="20" width="600" height="280" rx="28" fill="#2f4a3a" stroke="#c7a45a" stroke-width="8"/>
<text x="320" y="130" ${FONT} font-size="54" font-weight="bold" fill="#f4efe2" text-anchor="middle">Welcome</text>
<text x="320" y="200" ${FONT} font-size="36" fill="#e2d6b8" text-anchor="middle">Harbour House · No. 12</text>
<path d="M 250 240 Q 320 270 390 240" stroke="#c7a45a" stroke-width="5" fill="none"/>
</svg>`;
}

/** A round eco badge (sticker). */
export function ecoBadge(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">
<circle cx="200" cy="200" r="180" fill="#2e8b57"/><circle cx="200" cy="200" r="160" fill="none" stroke="#e8f5e9" stroke-width="6"/>
<path d="M 200 90 C 290 110 300 210 200 290 C 100 210 110 110 200 90 Z" fill="#a5d6a7"/>
<path d="M 200 120 L 200 285" stroke="#2e8b57" stroke-width="8"/>
<text x="200" y="355" ${FONT} font-size="44" font-weight="bold" fill="#ffffff" text-anchor="middle">A+</text>
</svg>`;
}

const ICONS: Record<'oven' | 'hob' | 'fridge' | 'dishwasher', string> = {
  oven: '<rect x="90" y="80" width="220" height="240" rx="16"/><rect x="120" y="150" width="160" height="130" rx="10"/><circle cx="140" cy="115" r="10"/><circle cx="180" cy="115" r="10"/><line x1="220" y1="115" x2="280" y2="115"/>',
  hob: '<rect x="70" y="110" width="260" height="180" rx="14"/><circle cx="145" cy="170" r="38"/><circle cx="255" cy="170" r="30"/><circle cx="145" cy="245" r="26"/><circle cx="255" cy="245" r="34"/>',
  fridge: '<rect x="120" y="50" width="160" height="300" rx="16"/><line x1="120" y1="160" x2="280" y2="160"/><line x1="145" y1="90" x2="145" y2="130"/><line x1="145" y1="190" x2="145" y2="250"/>',
  dishwasher: '<rect x="90" y="70" width="220" height="260" rx="16"/><line x1="90" y1="120" x2="310" y2="120"/><circle cx="200" cy="225" r="60"/><path d="M 170 225 Q 200 195 230 225 Q 200 255 170 225"/>',
};

export function applianceIcon(kind: keyof typeof ICONS, label: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="440" viewBox="0 0 400 440">
<rect width="400" height="440" rx="28" fill="#f3f1ec"/>
<g fill="none" stroke="#55675a" stroke-width="10" stroke-linecap="round" stroke-linejoin="round">${ICONS[kind]}</g>
<text x="200" y="405" ${FONT} font-size="30" fill="#2d3035" text-anchor="middle">${label}</text>
</svg>`;
}
