import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ANGLES } from '@shared/angles';
import { walkAroundFrames } from './walk-around-frames';
import { WalkAroundViewer } from './walk-around-viewer';

const frames = walkAroundFrames(ANGLES.map((angle) => ({ angle, imageUrl: `https://img/${angle}.webp`, fullUrl: `https://img/${angle}.jpg` })));

describe('walk-around viewer markup', () => {
  const html = renderToString(<WalkAroundViewer frames={frames} title="2021 Golf" />);

  it('puts every frame in the page from the start, the first loading first (the others once it has), showing and describing only the current one', () => {
    // Server markup (before any script): the first frame alone has its image, at high priority; the browser tests show
    // every frame loaded before the first turn.
    expect(html.match(/<img [^>]*src="[^"]+"/g)).toHaveLength(2); // the first frame and its thumbnail
    expect(html).toMatch(new RegExp(`<img [^>]*src="${frames[0]!.imageUrl}"[^>]*fetchPriority="high"|<img [^>]*fetchPriority="high"[^>]*src="${frames[0]!.imageUrl}"`, 'i'));
    expect(html.match(/<img /g)).toHaveLength(16);
    expect(html.match(/alt="[^"]+, studio image"/g)).toEqual(['alt="Front View, studio image"']);
    expect(html).not.toContain('loading="lazy"');
  });

  it('is one focusable, labelled control that tells a screen reader where it is and how to turn it', () => {
    expect(html).toMatch(/role="group"[^>]*aria-roledescription="walk-around"[^>]*aria-label="Walk-around of 2021 Golf"/);
    expect(html).toMatch(/tabindex="0"/);
    expect(html).toMatch(/aria-live="polite"[^>]*>Front View, 1 of 8</);
    expect(html).toContain('arrow keys');
  });

  it('has a thumbnail per frame, the current one marked', () => {
    expect(html.match(/aria-label="Show [^"]+"/g)).toHaveLength(8);
    expect(html).toMatch(/aria-label="Show Front View" aria-current="true"/);
  });

  it('shows nothing without a finished angle', () => {
    expect(renderToString(<WalkAroundViewer frames={[]} title="x" />)).toBe('');
  });
});

describe('walk-around frames', () => {
  it("carry an image's own name (a mirror image says so), the angle's otherwise", () => {
    const named = walkAroundFrames([
      { angle: 'front_left_corner', imageUrl: 'https://img/a.webp', fullUrl: 'https://img/a.jpg' },
      { angle: 'front_right_corner', imageUrl: 'https://img/b.webp', fullUrl: 'https://img/b.jpg', label: 'Front Right Corner (mirror image)' },
    ]);
    expect(Object.fromEntries(named.map((f) => [f.angle, f.label]))).toEqual({ front_left_corner: 'Front Left Corner', front_right_corner: 'Front Right Corner (mirror image)' });
  });
});
