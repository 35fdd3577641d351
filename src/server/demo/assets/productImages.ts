// Catalogue-style product pictures for the tag markers, drawn as SVG (800 x 800): a soft studio
// backdrop, the product in simple flat shapes with a floor shadow, and a name strip.

const FONT = 'font-family="DejaVu Sans, Arial, sans-serif"';

function card(title: string, subtitle: string, drawing: string, backdrop = '#ece7df'): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
<defs><radialGradient id="bg" cx="50%" cy="40%" r="75%"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="${backdrop}"/></radialGradient>
<linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.18"/></linearGradient></defs>
<rect width="800" height="800" fill="url(#bg)"/>
<ellipse cx="400" cy="585" rx="300" ry="26" fill="#000" fill-opacity="0.12"/>
${drawing}
<rect y="660" width="800" height="140" fill="#ffffff" fill-opacity="0.85"/>
<text x="48" y="718" ${FONT} font-size="34" font-weight="bold" fill="#2d3035">${title}</text>
<text x="48" y="760" ${FONT} font-size="22" fill="#6b6f75">${subtitle}</text>
</svg>`;
}

export function sofaFront(): string {
  return card('Harbour three-seat sofa', 'Slate wool blend · solid oak · 240 x 92 cm', `
<rect x="110" y="330" width="580" height="170" rx="22" fill="#56646d"/>
<rect x="110" y="300" width="580" height="120" rx="26" fill="#5f6e77"/>
<rect x="90" y="380" width="90" height="190" rx="20" fill="#4f5c64"/><rect x="620" y="380" width="90" height="190" rx="20" fill="#4f5c64"/>
<rect x="180" y="430" width="146" height="90" rx="14" fill="#66757e"/><rect x="327" y="430" width="146" height="90" rx="14" fill="#66757e"/><rect x="474" y="430" width="146" height="90" rx="14" fill="#66757e"/>
<rect x="180" y="470" width="440" height="100" rx="10" fill="#56646d"/>
<rect x="200" y="365" width="95" height="85" rx="16" fill="#c7952d" transform="rotate(-8 247 407)"/>
<rect x="505" y="365" width="95" height="85" rx="16" fill="#b15a3b" transform="rotate(7 552 407)"/>
<rect x="120" y="568" width="14" height="20" fill="#222"/><rect x="666" y="568" width="14" height="20" fill="#222"/>
<rect x="110" y="300" width="580" height="270" rx="22" fill="url(#shade)"/>`);
}

export function sofaSide(): string {
  return card('Harbour sofa, side view', 'Feather-wrapped cushions · removable covers', `
<path d="M 230 300 Q 250 280 300 282 L 330 282 L 350 420 L 560 420 Q 590 420 590 450 L 590 560 L 230 560 Z" fill="#56646d"/>
<rect x="330" y="400" width="250" height="60" rx="18" fill="#66757e"/>
<rect x="240" y="560" width="14" height="24" fill="#222"/><rect x="566" y="560" width="14" height="24" fill="#222"/>
<path d="M 230 300 Q 250 280 300 282 L 330 282 L 350 420 L 560 420 Q 590 420 590 450 L 590 560 L 230 560 Z" fill="url(#shade)"/>`);
}

export function armchair(): string {
  return card('Dune armchair', 'Mustard boucle · walnut legs · 84 x 82 cm', `
<rect x="250" y="290" width="300" height="200" rx="30" fill="#c7952d"/>
<rect x="215" y="390" width="80" height="150" rx="22" fill="#b8892a"/><rect x="505" y="390" width="80" height="150" rx="22" fill="#b8892a"/>
<rect x="285" y="440" width="230" height="90" rx="16" fill="#d3a23a"/>
<path d="M 245 540 L 235 590 M 555 540 L 565 590" stroke="#5a3a22" stroke-width="12" stroke-linecap="round"/>
<rect x="215" y="290" width="370" height="250" rx="30" fill="url(#shade)"/>`, '#e9e2d3');
}

export function pendant(): string {
  return card('Tide pendant lamp', 'Spun brass · 40 cm · warm dimmable LED', `
<line x1="400" y1="0" x2="400" y2="300" stroke="#222" stroke-width="4"/>
<path d="M 260 420 Q 400 250 540 420 Z" fill="#b38b52"/>
<path d="M 260 420 Q 400 250 540 420 Z" fill="url(#shade)"/>
<ellipse cx="400" cy="420" rx="140" ry="16" fill="#8e6d3e"/>
<ellipse cx="400" cy="424" rx="60" ry="8" fill="#fff3d6"/>
<ellipse cx="400" cy="520" rx="180" ry="80" fill="#fff3d6" fill-opacity="0.35"/>`, '#e6e1d8');
}

export function bedding(): string {
  return card('Washed linen bedding', 'Duvet cover + 2 pillowcases · European flax', `
<rect x="150" y="330" width="500" height="240" rx="18" fill="#8d9b85"/>
<path d="M 150 420 Q 400 380 650 420" stroke="#7b8974" stroke-width="6" fill="none"/>
<path d="M 150 480 Q 400 450 650 490" stroke="#7b8974" stroke-width="5" fill="none"/>
<rect x="180" y="270" width="200" height="90" rx="26" fill="#e6e0d4"/><rect x="420" y="270" width="200" height="90" rx="26" fill="#e6e0d4"/>
<rect x="150" y="270" width="500" height="300" rx="18" fill="url(#shade)"/>`, '#ebe6dc');
}

export function terraceTable(): string {
  return card('Terrace table, solid oak', 'Oiled oak · powder-coated steel · 160 x 90 cm', `
<polygon points="170,380 630,380 680,430 120,430" fill="#c4a27c"/>
<rect x="120" y="430" width="560" height="18" fill="#9c7a55"/>
<rect x="150" y="448" width="14" height="140" fill="#222"/><rect x="636" y="448" width="14" height="140" fill="#222"/>
<rect x="200" y="430" width="12" height="120" fill="#333"/><rect x="588" y="430" width="12" height="120" fill="#333"/>`, '#e4e9ec');
}
