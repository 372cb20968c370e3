/**
 * The drawn outdoor backgrounds, in code as SVG (rendered once by sharp/librsvg, then cached): the fallback when no
 * scene library (SCENES_DIR) is configured. Each has a floor line where the tyres stand. (Studio and showroom are
 * rendered for each camera: scenes/rendered-studio.ts.)
 */
import sharp from 'sharp';
import type { DrawnBackground } from '@shared/backgrounds';
import { FULL_SIZE } from '../port';

export interface BackgroundPlate {
  rgb: Buffer;
  width: number;
  height: number;
  /** y of the floor line the tyres stand on. */
  floorY: number;
  /** How dark the contact shadow is on this ground (0..1). */
  shadowStrength: number;
  /** How much the floor mirrors the car (0 = matt ground such as sand or a rough road). */
  reflection: number;
}

const W = FULL_SIZE.width;
const H = FULL_SIZE.height;

function svg(body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${body}</svg>`;
}

/** Pseudo-random but fixed, so every render of a background is identical. */
function seeded(seed: number): () => number {
  let s = seed;
  return () => ((s = (s * 1664525 + 1013904223) % 4294967296) / 4294967296);
}

/** A ridge line by midpoint displacement: natural-looking hills and mountains from a seed. */
function ridge(rnd: () => number, baseY: number, rough: number, levels = 7, peaks?: Array<[number, number]>): string {
  let points: Array<[number, number]> = peaks ?? [
    [0, baseY + (rnd() - 0.5) * rough],
    [W, baseY + (rnd() - 0.5) * rough],
  ];
  let amplitude = rough;
  for (let level = 0; level < levels; level++) {
    const next: Array<[number, number]> = [];
    for (let i = 0; i + 1 < points.length; i++) {
      const [x0, y0] = points[i]!;
      const [x1, y1] = points[i + 1]!;
      next.push([x0, y0], [(x0 + x1) / 2, (y0 + y1) / 2 + (rnd() - 0.5) * amplitude]);
    }
    next.push(points[points.length - 1]!);
    points = next;
    amplitude *= 0.55;
  }
  return `M0 ${H} ${points.map(([x, y]) => `L${x.toFixed(1)} ${y.toFixed(1)}`).join(' ')} L${W} ${H}Z`;
}

/** A full-width band from `top` down to the bottom of the frame (road, street, its texture or glare). */
function toBottom(top: number, paint: string): string {
  return `<rect y="${top}" width="${W}" height="${H - top}" ${paint}/>`;
}

/** Ground texture (asphalt grain, sand) from fractal noise: dark specks at `opacity`. */
function grain(id: string, frequency: string, opacity: number, seed: number): string {
  return `<filter id="${id}" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="${frequency}" numOctaves="3" seed="${seed}"/><feColorMatrix type="matrix" values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  0.33 0.33 0.33 0 -0.5"/><feComponentTransfer><feFuncA type="linear" slope="${opacity * 4}"/></feComponentTransfer></filter>`;
}

/** Depth of field: a gaussian blur (a margin keeps edges from fading to transparent). */
function outOfFocus(id: string, deviation: string): string {
  return `<filter id="${id}" x="-5%" y="-5%" width="110%" height="110%"><feGaussianBlur stdDeviation="${deviation}"/></filter>`;
}

/** Soft cumulus: overlapping ellipses under a gaussian blur of `blur` px (the filter comes with them). */
function clouds(rnd: () => number, count: number, top: number, bottom: number, colour: string, opacity: number, blur: number): string {
  let out = '';
  for (let c = 0; c < count; c++) {
    const cx = rnd() * W, cy = top + rnd() * (bottom - top), size = 60 + rnd() * 140;
    for (let k = 0; k < 5; k++)
      out += `<ellipse cx="${(cx + (rnd() - 0.5) * size * 1.6).toFixed(0)}" cy="${(cy + (rnd() - 0.5) * size * 0.25).toFixed(0)}" rx="${(size * (0.5 + rnd() * 0.6)).toFixed(0)}" ry="${(size * (0.18 + rnd() * 0.14)).toFixed(0)}" fill="${colour}" opacity="${opacity}"/>`;
  }
  return `<filter id="cloudblur"><feGaussianBlur stdDeviation="${blur}"/></filter><g filter="url(#cloudblur)">${out}</g>`;
}

/** Fine luminance noise, as a camera sensor adds: a drawn plate otherwise looks flatter than the photographed car. */
function filmGrain(rgb: Buffer, amplitude: number): Buffer {
  const rnd = seeded(99);
  for (let i = 0; i < rgb.length; i += 3) {
    const n = (rnd() + rnd() - 1) * amplitude * 2;
    for (let c = 0; c < 3; c++) rgb[i + c] = Math.max(0, Math.min(255, rgb[i + c]! + n));
  }
  return rgb;
}

const DRAWINGS: Record<DrawnBackground, { floorY: number; shadowStrength: number; reflection: number; draw: () => string }> = {
  // Outdoor plates are drawn like a photo taken with a long lens: the scene behind the car is out of focus
  // (blurred), hazier with distance, and the ground carries a fine texture; every plate gets film grain after.
  sunset: {
    floorY: 0.86 * H,
    shadowStrength: 0.6,
    reflection: 0.1,
    draw: () => {
      const rnd = seeded(11);
      return svg(`<defs>
        <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1f2147"/><stop offset="0.3" stop-color="#5b3466"/><stop offset="0.5" stop-color="#c2555a"/><stop offset="0.6" stop-color="#f08a4b"/><stop offset="0.66" stop-color="#ffc27a"/></linearGradient>
        <radialGradient id="sun" cx="0.64" cy="0.6" r="0.45"><stop offset="0" stop-color="#fff6d8"/><stop offset="0.05" stop-color="#ffe2a0"/><stop offset="0.25" stop-color="#ffad66" stop-opacity="0.55"/><stop offset="1" stop-color="#ff8a50" stop-opacity="0"/></radialGradient>
        <linearGradient id="road" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8a5a52"/><stop offset="0.25" stop-color="#4a3236"/><stop offset="1" stop-color="#1c1519"/></linearGradient>
        <radialGradient id="glare" cx="0.64" cy="0" r="0.6"><stop offset="0" stop-color="#ffb070" stop-opacity="0.55"/><stop offset="1" stop-color="#ffb070" stop-opacity="0"/></radialGradient>
        ${outOfFocus('far', '5')}
        ${grain('asphalt', '0.9 0.35', 0.35, 3)}
      </defs>
      <rect width="${W}" height="${H}" fill="url(#sky)"/>
      ${clouds(rnd, 7, 0.1 * H, 0.42 * H, '#f7a27a', 0.35, 14)}
      <rect width="${W}" height="${H}" fill="url(#sun)"/>
      <circle cx="${0.64 * W}" cy="${0.615 * H}" r="38" fill="#fff4d6"/>
      <g filter="url(#far)">
        <path d="${ridge(rnd, 0.62 * H, 0.09 * H)}" fill="#6b3d58" opacity="0.75"/>
        <path d="${ridge(rnd, 0.665 * H, 0.05 * H)}" fill="#3c2535"/>
      </g>
      ${toBottom(0.69 * H, 'fill="url(#road)"')}
      ${toBottom(0.69 * H, 'fill="url(#glare)"')}
      ${toBottom(0.69 * H, 'filter="url(#asphalt)"')}
      <rect y="${0.69 * H}" width="${W}" height="3" fill="#ffcf9a" opacity="0.5"/>`);
    },
  },
  urban: {
    floorY: 0.86 * H,
    shadowStrength: 0.7,
    reflection: 0.14,
    draw: () => {
      const rnd = seeded(7);
      const horizon = 0.68 * H;
      let buildings = '';
      let lights = '';
      for (let x = -20; x < W; ) {
        const bw = 80 + rnd() * 170;
        const bh = 0.22 * H + rnd() * 0.42 * H;
        const shade = Math.round(38 + rnd() * 34);
        buildings += `<rect x="${x.toFixed(0)}" y="${(horizon - bh).toFixed(0)}" width="${bw.toFixed(0)}" height="${bh.toFixed(0)}" fill="rgb(${shade},${shade + 8},${shade + 22})"/>`;
        for (let wy = horizon - bh + 16; wy < horizon - 24; wy += 30)
          for (let wx = x + 10; wx < x + bw - 16; wx += 24)
            if (rnd() > 0.55) buildings += `<rect x="${wx.toFixed(0)}" y="${wy.toFixed(0)}" width="12" height="16" fill="${rnd() > 0.35 ? '#ffd48a' : '#bcd4ff'}" opacity="${(0.5 + rnd() * 0.45).toFixed(2)}"/>`;
        x += bw + 4 + rnd() * 10;
      }
      // Street lamps and traffic further down the street: out-of-focus discs (bokeh).
      for (let i = 0; i < 26; i++) {
        const r = 10 + rnd() * 26;
        lights += `<circle cx="${(rnd() * W).toFixed(0)}" cy="${(horizon - 0.02 * H - rnd() * 0.14 * H).toFixed(0)}" r="${r.toFixed(0)}" fill="${['#ffcf7a', '#ff9f5a', '#fff1c9', '#ff5a4a'][Math.floor(rnd() * 4)]}" opacity="${(0.25 + rnd() * 0.35).toFixed(2)}"/>`;
      }
      const kerb = horizon + 0.04 * H;
      return svg(`<defs>
        <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#16233f"/><stop offset="0.5" stop-color="#3b4f7a"/><stop offset="0.7" stop-color="#b98a7a"/></linearGradient>
        <linearGradient id="street" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#4a4d57"/><stop offset="0.4" stop-color="#2c2e35"/><stop offset="1" stop-color="#17181c"/></linearGradient>
        <linearGradient id="fade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.45"/><stop offset="0.5" stop-color="#fff" stop-opacity="0"/></linearGradient>
        <mask id="reflectionfade" maskUnits="userSpaceOnUse" x="0" y="0" width="${W}" height="${H}">${toBottom(kerb, 'fill="url(#fade)"')}</mask>
        ${outOfFocus('dof', '7')}
        ${outOfFocus('dofwet', '4 14')}
        ${grain('asphalt', '0.8 0.3', 0.4, 5)}
      </defs>
      <rect width="${W}" height="${H}" fill="url(#sky)"/>
      <g filter="url(#dof)">${buildings}${lights}</g>
      <rect y="${horizon - 6}" width="${W}" height="${0.05 * H}" fill="#5d5f66" filter="url(#dof)"/>
      ${toBottom(kerb, 'fill="url(#street)"')}
      <g mask="url(#reflectionfade)"><g filter="url(#dofwet)" transform="translate(0 ${2 * kerb}) scale(1 -1)">${lights}</g></g>
      ${toBottom(kerb, 'filter="url(#asphalt)"')}`);
    },
  },
  beach: {
    floorY: 0.87 * H,
    shadowStrength: 0.55,
    reflection: 0,
    draw: () => {
      const rnd = seeded(23);
      const horizon = 0.58 * H;
      let foam = '';
      for (let i = 0; i < 3; i++) {
        const y = horizon + 0.05 * H + i * 0.035 * H;
        const waves = Array.from({ length: 8 }, (_, k) => `Q ${((k * W) / 8 + W / 16).toFixed(0)} ${(y + (rnd() - 0.5) * 10).toFixed(0)} ${(((k + 1) * W) / 8).toFixed(0)} ${(y + (rnd() - 0.5) * 6).toFixed(0)}`).join(' ');
        foam += `<path d="M0 ${y.toFixed(0)} ${waves}" stroke="#ffffff" stroke-width="${(3 + i * 2).toFixed(1)}" fill="none" opacity="${(0.18 + i * 0.08).toFixed(2)}" filter="url(#foamblur)"/>`;
      }
      const shore = `M0 ${0.735 * H} Q ${0.3 * W} ${0.72 * H} ${0.6 * W} ${0.74 * H} T ${W} ${0.73 * H} L ${W} ${H} L 0 ${H}Z`;
      return svg(`<defs>
        <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#3f86c6"/><stop offset="0.45" stop-color="#9fcbe8"/><stop offset="0.58" stop-color="#e3f0f6"/></linearGradient>
        <linearGradient id="sea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2a6f9a"/><stop offset="0.5" stop-color="#2f8fab"/><stop offset="1" stop-color="#6cc2c8"/></linearGradient>
        <linearGradient id="sand" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#bfa77e"/><stop offset="0.12" stop-color="#e6d2a9"/><stop offset="1" stop-color="#d4b98b"/></linearGradient>
        ${outOfFocus('dof', '3')}
        <filter id="foamblur" x="-5%" y="-50%" width="110%" height="200%"><feGaussianBlur stdDeviation="3"/></filter>
        ${grain('sandgrain', '0.6 0.9', 0.45, 9)}
      </defs>
      <rect width="${W}" height="${H}" fill="url(#sky)"/>
      ${clouds(rnd, 6, 0.06 * H, 0.4 * H, '#ffffff', 0.6, 16)}
      <g filter="url(#dof)">
        <path d="${ridge(rnd, horizon - 0.015 * H, 0.03 * H, 6)}" fill="#7f9fb4" opacity="0.55" transform="translate(${0.55 * W} 0) scale(0.45 1)"/>
        <rect y="${horizon}" width="${W}" height="${0.16 * H}" fill="url(#sea)"/>
        ${foam}
      </g>
      <path d="${shore}" fill="url(#sand)"/>
      <path d="${shore}" filter="url(#sandgrain)"/>`);
    },
  },
  mountain: {
    floorY: 0.87 * H,
    shadowStrength: 0.65,
    reflection: 0,
    draw: () => {
      const rnd = seeded(41);
      return svg(`<defs>
        <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#4d7fb5"/><stop offset="0.45" stop-color="#a9c6e0"/><stop offset="0.6" stop-color="#e4edf3"/></linearGradient>
        <linearGradient id="snow" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f4f7fa"/><stop offset="0.06" stop-color="#e3e9ef"/><stop offset="0.11" stop-color="#8496ad"/><stop offset="1" stop-color="#9fb0c3"/></linearGradient>
        <linearGradient id="forest" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#3f5a4a"/><stop offset="1" stop-color="#24362c"/></linearGradient>
        <linearGradient id="road" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8a8d90"/><stop offset="0.3" stop-color="#66696d"/><stop offset="1" stop-color="#3c3e42"/></linearGradient>
        ${outOfFocus('far', '3')}
        ${outOfFocus('mid', '5')}
        ${outOfFocus('near', '7')}
        ${grain('asphalt', '0.85 0.3', 0.35, 13)}
      </defs>
      <rect width="${W}" height="${H}" fill="url(#sky)"/>
      ${clouds(rnd, 5, 0.05 * H, 0.3 * H, '#ffffff', 0.55, 18)}
      <path d="${ridge(rnd, 0, 0.12 * H, 7, [[0, 0.42 * H], [0.22 * W, 0.19 * H], [0.4 * W, 0.4 * H], [0.7 * W, 0.12 * H], [0.88 * W, 0.33 * H], [W, 0.26 * H]])}" fill="url(#snow)" filter="url(#far)"/>
      <path d="${ridge(rnd, 0.47 * H, 0.16 * H, 8)}" fill="#6f8399" opacity="0.9" filter="url(#mid)"/>
      <path d="${ridge(rnd, 0.6 * H, 0.08 * H, 8)}" fill="url(#forest)" filter="url(#near)"/>
      ${toBottom(0.72 * H, 'fill="url(#road)"')}
      ${toBottom(0.72 * H, 'filter="url(#asphalt)"')}
      <rect y="${0.72 * H}" width="${W}" height="4" fill="#d9d9cf" opacity="0.5"/>`);
    },
  },
};

const cache = new Map<DrawnBackground, Promise<BackgroundPlate>>();

export function backgroundPlate(background: DrawnBackground): Promise<BackgroundPlate> {
  let plate = cache.get(background);
  if (!plate) {
    const d = DRAWINGS[background];
    plate = sharp(Buffer.from(d.draw()))
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true })
      .then(({ data, info }) => ({ rgb: filmGrain(data, 3), width: info.width, height: info.height, floorY: Math.round(d.floorY), shadowStrength: d.shadowStrength, reflection: d.reflection }));
    cache.set(background, plate);
  }
  return plate;
}
