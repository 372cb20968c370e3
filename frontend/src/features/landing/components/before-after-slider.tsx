import { useCallback, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { cn } from '@/lib/utils';
import type { Picture } from '../content/before-after-pairs';

export interface BeforeAfterSliderProps {
  before: Picture;
  after: Picture;
  beforeLabel?: string;
  afterLabel?: string;
  /** The hero's picture is the largest paint of the page: load it at once. Others load lazily. */
  priority?: boolean;
  /** Width the picture takes on the page, so phones fetch the 800 px copy. */
  sizes?: string;
  className?: string;
}

const clamp = (value: number) => Math.min(100, Math.max(0, value));
const round = (value: number) => Math.round(value * 10) / 10;

/**
 * Compares a before and an after picture: the after picture shows to the right of the divider. The divider starts
 * in the middle, follows mouse and touch drags, and is a slider for keyboards and assistive technology.
 */
export function BeforeAfterSlider({
  before,
  after,
  beforeLabel = 'Before',
  afterLabel = 'After',
  priority = false,
  sizes = '(min-width: 768px) 50vw, 100vw',
  className,
}: BeforeAfterSliderProps) {
  const [position, setPosition] = useState(50);
  const boxRef = useRef<HTMLDivElement>(null);
  const handleRef = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);

  const moveTo = useCallback((clientX: number) => {
    const box = boxRef.current?.getBoundingClientRect();
    if (!box || box.width === 0) return;
    setPosition(round(clamp(((clientX - box.left) / box.width) * 100)));
  }, []);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    dragging.current = true;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    moveTo(event.clientX);
    handleRef.current?.focus({ preventScroll: true });
    event.preventDefault();
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (dragging.current) moveTo(event.clientX);
  };
  const stopDragging = () => {
    dragging.current = false;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const steps: Record<string, (p: number) => number> = {
      ArrowLeft: (p) => p - 5,
      ArrowDown: (p) => p - 5,
      ArrowRight: (p) => p + 5,
      ArrowUp: (p) => p + 5,
      PageDown: (p) => p - 10,
      PageUp: (p) => p + 10,
      Home: () => 0,
      End: () => 100,
    };
    const step = steps[event.key];
    if (!step) return;
    event.preventDefault();
    setPosition((p) => round(clamp(step(p))));
  };

  const loading = priority ? 'eager' : 'lazy';
  // Both layers of the hero paint at once; the photo underneath is the page's largest contentful paint.
  const fetchPriority = priority ? { fetchPriority: 'high' as const } : {};
  return (
    <div
      ref={boxRef}
      className={cn(
        'relative h-[300px] w-full touch-pan-y overflow-hidden rounded-xl bg-slate-200 select-none sm:h-[400px]',
        className,
      )}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={stopDragging}
      onPointerCancel={stopDragging}
      onLostPointerCapture={stopDragging}
      data-testid="before-after-slider"
    >
      <img
        src={before.src}
        srcSet={before.srcSet}
        sizes={sizes}
        alt={before.alt}
        width={before.width}
        height={before.height}
        loading={loading}
        decoding="async"
        {...fetchPriority}
        draggable={false}
        className="absolute inset-0 size-full object-cover"
      />
      <img
        src={after.src}
        srcSet={after.srcSet}
        sizes={sizes}
        alt={after.alt}
        width={after.width}
        height={after.height}
        loading={loading}
        decoding="async"
        {...fetchPriority}
        draggable={false}
        className="absolute inset-0 size-full object-cover"
        style={{ clipPath: `inset(0 0 0 ${position}%)` }}
      />
      <span className="pointer-events-none absolute top-3 left-3 rounded-md bg-slate-950/75 px-2.5 py-1 text-xs font-semibold text-white">
        {beforeLabel}
      </span>
      <span className="pointer-events-none absolute top-3 right-3 rounded-md bg-brand-800/90 px-2.5 py-1 text-xs font-semibold text-white">
        {afterLabel}
      </span>
      <div className="pointer-events-none absolute inset-y-0 w-0.5 -translate-x-1/2 bg-white shadow-[0_0_6px_rgba(0,0,0,0.5)]" style={{ left: `${position}%` }} />
      <div
        ref={handleRef}
        role="slider"
        tabIndex={0}
        aria-label={`Compare ${beforeLabel} with ${afterLabel}`}
        aria-orientation="horizontal"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={position}
        aria-valuetext={`${Math.round(position)}% ${beforeLabel}, ${Math.round(100 - position)}% ${afterLabel}`}
        onKeyDown={onKeyDown}
        className="absolute top-1/2 flex size-11 -translate-x-1/2 -translate-y-1/2 cursor-ew-resize items-center justify-center rounded-full border-2 border-white bg-brand-700 text-white shadow-lg focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white focus-visible:ring-4 focus-visible:ring-brand-600"
        style={{ left: `${position}%` }}
      >
        <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
          <path d="m9 6-6 6 6 6M15 6l6 6-6 6" />
        </svg>
      </div>
    </div>
  );
}
