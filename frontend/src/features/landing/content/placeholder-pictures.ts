/**
 * Drawn stand-ins for before/after pictures, used only until the renderer's real pairs are committed
 * (frontend/public/images/before-after/pairs.json). Small SVGs, no downloads.
 */
const car = (body: string, shadow: boolean) => `
  ${shadow ? '<ellipse cx="400" cy="418" rx="290" ry="22" fill="#000" opacity=".28"/>' : ''}
  <path d="M130 380c0-30 18-48 52-56l84-18 62-58c14-13 30-20 50-20h150c22 0 38 8 52 24l52 56 78 16c34 7 52 26 52 56v26c0 8-6 14-14 14H144c-8 0-14-6-14-14z" fill="${body}"/>
  <path d="M300 306l50-48c10-9 20-14 34-14h56v62zm160 0v-62h68c14 0 24 5 32 14l44 48z" fill="#cbd5e1" opacity=".85"/>
  <circle cx="250" cy="408" r="44" fill="#111827"/><circle cx="250" cy="408" r="20" fill="#9ca3af"/>
  <circle cx="560" cy="408" r="44" fill="#111827"/><circle cx="560" cy="408" r="20" fill="#9ca3af"/>`;

function svg(content: string): string {
  const doc = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 500" width="800" height="500">${content}</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(doc)}`;
}

export function placeholderBefore(body: string): string {
  return svg(`<rect width="800" height="500" fill="#94a3b8"/><rect y="0" width="800" height="230" fill="#bfdbfe"/>
    <rect x="40" y="150" width="260" height="90" fill="#64748b"/><rect x="480" y="120" width="280" height="120" fill="#78716c"/>
    <rect y="230" width="800" height="270" fill="#6b7280"/><path d="M0 460h800" stroke="#e5e7eb" stroke-width="6" stroke-dasharray="40 30"/>
    ${car(body, false)}`);
}

export function placeholderAfter(body: string): string {
  return svg(`<defs><radialGradient id="s" cx="50%" cy="40%" r="75%"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#cbd5e1"/></radialGradient></defs>
    <rect width="800" height="500" fill="url(#s)"/>${car(body, true)}`);
}
