/**
 * Photos for the car package tests that need no fixture outside the repository: a drawn outdoor scene with no
 * car in it (a park: sky, hills, a tree, a bench-less lawn), which the local renderer's car check refuses.
 */
import sharp from 'sharp';

const PARK_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="640" viewBox="0 0 960 640">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6fa8dc"/><stop offset="1" stop-color="#dbe9f6"/></linearGradient>
    <linearGradient id="lawn" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7fb069"/><stop offset="1" stop-color="#4d7c3a"/></linearGradient>
  </defs>
  <rect width="960" height="640" fill="url(#sky)"/>
  <circle cx="820" cy="110" r="46" fill="#fff3b0"/>
  <path d="M0 380 Q 220 300 460 370 T 960 350 L 960 640 L 0 640 Z" fill="#9cc5a1"/>
  <rect y="430" width="960" height="210" fill="url(#lawn)"/>
  <rect x="300" y="250" width="34" height="230" fill="#6b4f2a"/>
  <ellipse cx="317" cy="215" rx="110" ry="130" fill="#3f7d3a"/>
  <ellipse cx="270" cy="260" rx="70" ry="60" fill="#4a8c43"/>
  <ellipse cx="365" cy="250" rx="75" ry="65" fill="#357033"/>
  <path d="M560 600 Q 640 470 760 440" stroke="#c9b38a" stroke-width="26" fill="none"/>
</svg>`;

/** A 960x640 JPEG of a drawn park with no car: valid bytes, nothing for the car check to find. */
export function noCarScene(): Promise<Buffer> {
  return sharp(Buffer.from(PARK_SVG)).jpeg({ quality: 88 }).toBuffer();
}
