/**
 * The five backgrounds, drawn in code as SVG (rendered once by sharp/librsvg, then cached).
 * Each has a floor line where the tyres stand.
 */
import sharp from 'sharp';
import type { Background } from '@shared/backgrounds';
import { FULL_SIZE } from '../port';

export interface BackgroundPlate {
  rgb: Buffer;
  width: number;
  height: number;
  /** y of the floor line the tyres stand on. */
  floorY: number;
  /** How dark the contact shadow is on this ground (0..1). */
  shadowStrength: number;
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

const DRAWINGS: Record<Background, { floorY: number; shadowStrength: number; draw: () => string }> = {
  // A seamless sweep: the wall curves into the floor with no visible horizon.
  studio: {
    floorY: 0.84 * H,
    shadowStrength: 0.75,
    draw: () =>
      svg(`<defs>
        <linearGradient id="wall" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stop-color="#d9dce1"/><stop offset="0.55" stop-color="#eceef1"/><stop offset="0.72" stop-color="#f6f7f8"/><stop offset="1" stop-color="#e4e6e9"/>
        </linearGradient>
        <radialGradient id="spot" cx="0.5" cy="0.62" r="0.62"><stop offset="0" stop-color="#ffffff" stop-opacity="0.85"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>
        <radialGradient id="vig" cx="0.5" cy="0.55" r="0.8"><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.14"/></radialGradient>
      </defs>
      <rect width="${W}" height="${H}" fill="url(#wall)"/><rect width="${W}" height="${H}" fill="url(#spot)"/><rect width="${W}" height="${H}" fill="url(#vig)"/>`),
  },
  sunset: {
    floorY: 0.86 * H,
    shadowStrength: 0.6,
    draw: () =>
      svg(`<defs>
        <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2b2350"/><stop offset="0.35" stop-color="#7a3b6e"/><stop offset="0.58" stop-color="#e0774a"/><stop offset="0.68" stop-color="#f6c177"/></linearGradient>
        <radialGradient id="sun" cx="0.68" cy="0.64" r="0.35"><stop offset="0" stop-color="#fff3c4"/><stop offset="0.08" stop-color="#ffd27a"/><stop offset="0.3" stop-color="#f59e5b" stop-opacity="0.5"/><stop offset="1" stop-color="#f59e5b" stop-opacity="0"/></radialGradient>
        <linearGradient id="road" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#5b4652"/><stop offset="1" stop-color="#241d24"/></linearGradient>
      </defs>
      <rect width="${W}" height="${H}" fill="url(#sky)"/><rect width="${W}" height="${H}" fill="url(#sun)"/>
      <path d="M0 ${0.66 * H} L180 ${0.6 * H} L420 ${0.64 * H} L700 ${0.58 * H} L980 ${0.635 * H} L1250 ${0.6 * H} L${W} ${0.64 * H} L${W} ${0.7 * H} L0 ${0.7 * H}Z" fill="#3a2a3f" opacity="0.85"/>
      <rect y="${0.69 * H}" width="${W}" height="${0.31 * H}" fill="url(#road)"/>
      <rect y="${0.69 * H}" width="${W}" height="6" fill="#f3b27a" opacity="0.55"/>`),
  },
  urban: {
    floorY: 0.86 * H,
    shadowStrength: 0.7,
    draw: () => {
      const rnd = seeded(7);
      let buildings = '';
      for (let x = -20; x < W; ) {
        const bw = 90 + rnd() * 160;
        const bh = 0.25 * H + rnd() * 0.35 * H;
        const shade = Math.round(70 + rnd() * 50);
        buildings += `<rect x="${x}" y="${0.68 * H - bh}" width="${bw}" height="${bh}" fill="rgb(${shade},${shade + 6},${shade + 16})"/>`;
        for (let wy = 0.68 * H - bh + 18; wy < 0.66 * H - 20; wy += 34)
          for (let wx = x + 12; wx < x + bw - 20; wx += 28)
            if (rnd() > 0.45) buildings += `<rect x="${wx}" y="${wy}" width="14" height="18" fill="${rnd() > 0.5 ? '#f4d58d' : '#9fb3c8'}" opacity="0.75"/>`;
        x += bw + 6;
      }
      return svg(`<defs>
        <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6d8aa8"/><stop offset="1" stop-color="#c9d3dc"/></linearGradient>
        <linearGradient id="street" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6b6f75"/><stop offset="1" stop-color="#3d4045"/></linearGradient>
        <filter id="soft"><feGaussianBlur stdDeviation="3"/></filter>
      </defs>
      <rect width="${W}" height="${H}" fill="url(#sky)"/><g filter="url(#soft)" opacity="0.92">${buildings}</g>
      <rect y="${0.68 * H}" width="${W}" height="${0.06 * H}" fill="#9a9da2"/>
      <rect y="${0.74 * H}" width="${W}" height="${0.26 * H}" fill="url(#street)"/>
      <rect x="0" y="${0.955 * H}" width="${W}" height="8" fill="#d8d8d0" opacity="0.5"/>`);
    },
  },
  beach: {
    floorY: 0.87 * H,
    shadowStrength: 0.55,
    draw: () =>
      svg(`<defs>
        <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#4a90c8"/><stop offset="1" stop-color="#bfe0f2"/></linearGradient>
        <linearGradient id="sea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2b7fa6"/><stop offset="1" stop-color="#5fb3c6"/></linearGradient>
        <linearGradient id="sand" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#e8d3a8"/><stop offset="1" stop-color="#cfb27e"/></linearGradient>
      </defs>
      <rect width="${W}" height="${H}" fill="url(#sky)"/>
      <ellipse cx="${0.2 * W}" cy="${0.2 * H}" rx="160" ry="26" fill="#fff" opacity="0.55"/><ellipse cx="${0.75 * W}" cy="${0.14 * H}" rx="220" ry="30" fill="#fff" opacity="0.45"/>
      <rect y="${0.6 * H}" width="${W}" height="${0.12 * H}" fill="url(#sea)"/>
      <path d="M0 ${0.71 * H} Q ${0.25 * W} ${0.69 * H} ${0.5 * W} ${0.715 * H} T ${W} ${0.705 * H} L ${W} ${H} L 0 ${H}Z" fill="#f4f1e8" opacity="0.9"/>
      <path d="M0 ${0.73 * H} Q ${0.3 * W} ${0.715 * H} ${0.6 * W} ${0.735 * H} T ${W} ${0.725 * H} L ${W} ${H} L 0 ${H}Z" fill="url(#sand)"/>`),
  },
  mountain: {
    floorY: 0.87 * H,
    shadowStrength: 0.65,
    draw: () =>
      svg(`<defs>
        <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7fa7cf"/><stop offset="1" stop-color="#dfe9f1"/></linearGradient>
        <linearGradient id="far" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8c9bb0"/><stop offset="1" stop-color="#a9b6c4"/></linearGradient>
        <linearGradient id="near" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#4e6150"/><stop offset="1" stop-color="#36463a"/></linearGradient>
        <linearGradient id="road" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#77797b"/><stop offset="1" stop-color="#4a4c4f"/></linearGradient>
      </defs>
      <rect width="${W}" height="${H}" fill="url(#sky)"/>
      <path d="M0 ${0.55 * H} L220 ${0.28 * H} L330 ${0.36 * H} L520 ${0.16 * H} L720 ${0.4 * H} L900 ${0.24 * H} L1120 ${0.42 * H} L1320 ${0.2 * H} L${W} ${0.4 * H} L${W} ${0.7 * H} L0 ${0.7 * H}Z" fill="url(#far)"/>
      <path d="M520 ${0.16 * H} L470 ${0.22 * H} L505 ${0.21 * H} L540 ${0.24 * H} L575 ${0.2 * H}Z M1320 ${0.2 * H} L1280 ${0.25 * H} L1315 ${0.24 * H} L1350 ${0.26 * H} L1370 ${0.24 * H}Z" fill="#f4f6f8"/>
      <path d="M0 ${0.62 * H} L260 ${0.5 * H} L480 ${0.6 * H} L760 ${0.47 * H} L1040 ${0.6 * H} L1300 ${0.52 * H} L${W} ${0.6 * H} L${W} ${0.74 * H} L0 ${0.74 * H}Z" fill="url(#near)"/>
      <rect y="${0.73 * H}" width="${W}" height="${0.27 * H}" fill="url(#road)"/>
      <rect y="${0.73 * H}" width="${W}" height="5" fill="#c9c9c0" opacity="0.6"/>`),
  },
};

const cache = new Map<Background, Promise<BackgroundPlate>>();

export function backgroundPlate(background: Background): Promise<BackgroundPlate> {
  let plate = cache.get(background);
  if (!plate) {
    const d = DRAWINGS[background];
    plate = sharp(Buffer.from(d.draw()))
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true })
      .then(({ data, info }) => ({ rgb: data, width: info.width, height: info.height, floorY: Math.round(d.floorY), shadowStrength: d.shadowStrength }));
    cache.set(background, plate);
  }
  return plate;
}
