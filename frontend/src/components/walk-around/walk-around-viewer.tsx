import { ChevronLeft, ChevronRight, ZoomIn, ZoomOut } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { clampPan, clampZoom, dragSteps, frameAnnouncement, MAX_ZOOM, MIN_ZOOM, turn, type WalkAroundFrame } from './walk-around-frames';

interface Point {
  x: number;
  y: number;
}

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/**
 * The walk-around: drag or swipe across the car (or use the arrow keys, the buttons or the thumbnails) to turn it
 * through its angles in walk-around order; pinch, the wheel or the zoom buttons zoom into the full-size image, and a
 * drag then moves the zoomed image. Every frame's image is in the page from the start, stacked, so a turn only shows
 * an image that has already loaded. Shared by the package page and the public page of a car.
 */
export function WalkAroundViewer({
  frames,
  title,
  className,
  fill = false,
}: {
  frames: readonly WalkAroundFrame[];
  title: string;
  className?: string;
  /** Fill the height it is given (the embed fills its frame on the dealer's site) instead of a 3:2 stage. */
  fill?: boolean;
}) {
  const [chosen, setIndex] = useState(0);
  const [zoom, setZoom] = useState(MIN_ZOOM);
  const [pan, setPan] = useState<Point>({ x: 0, y: 0 });
  const stage = useRef<HTMLDivElement>(null);
  const zoomNow = useRef(zoom);
  zoomNow.current = zoom;
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<{ start: Point; index: number; pan: Point; pinch?: { distance: number; zoom: number } } | null>(null);
  const help = useId();
  const count = frames.length;
  // A live package can lose a frame (an angle retried); the viewer then stays on the last one.
  const index = Math.min(chosen, Math.max(0, count - 1));
  const current = frames[index];
  const hasFrames = count > 0;
  // The first frame loads alone, then every other frame at once: on a phone the first paint does not share the
  // bandwidth with seven images not on show, and by the first turn every frame is there (no blank frame).
  const [warm, setWarm] = useState(false);
  const firstFrame = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const img = firstFrame.current;
    if (!img || img.complete) return setWarm(true);
    const done = () => setWarm(true);
    img.addEventListener('load', done);
    img.addEventListener('error', done);
    return () => {
      img.removeEventListener('load', done);
      img.removeEventListener('error', done);
    };
  }, []);

  const stageSize = () => ({ width: stage.current?.clientWidth ?? 1, height: stage.current?.clientHeight ?? 1 });
  const show = (next: number) => {
    setIndex(next);
    setZoom(MIN_ZOOM);
    setPan({ x: 0, y: 0 });
  };
  const zoomTo = (next: number) => {
    const z = clampZoom(next);
    setZoom(z);
    setPan((p) => (z === MIN_ZOOM ? { x: 0, y: 0 } : clampPan(p, z, stageSize())));
  };

  // The wheel zooms; React's wheel listener is passive, so the page would scroll as well.
  useEffect(() => {
    const element = stage.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      // Read through the ref: several wheel events can arrive before the next render.
      const next = clampZoom(zoomNow.current * Math.exp(-event.deltaY / 300));
      zoomNow.current = next;
      setZoom(next);
      setPan((p) => (next === MIN_ZOOM ? { x: 0, y: 0 } : clampPan(p, next, stageSize())));
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [hasFrames]);

  if (!current) return null;

  const begin = (point: Point) => {
    const points = [...pointers.current.values()];
    gesture.current = {
      start: point,
      index,
      pan,
      ...(points.length >= 2 ? { pinch: { distance: Math.max(1, distance(points[0]!, points[1]!)), zoom } } : {}),
    };
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    const point = { x: event.clientX, y: event.clientY };
    pointers.current.set(event.pointerId, point);
    begin(point);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(event.pointerId) || !gesture.current) return;
    const point = { x: event.clientX, y: event.clientY };
    pointers.current.set(event.pointerId, point);
    const g = gesture.current;
    const points = [...pointers.current.values()];
    if (g.pinch && points.length >= 2) {
      zoomTo(g.pinch.zoom * (distance(points[0]!, points[1]!) / g.pinch.distance));
    } else if (zoom > MIN_ZOOM) {
      setPan(clampPan({ x: g.pan.x + point.x - g.start.x, y: g.pan.y + point.y - g.start.y }, zoom, stageSize()));
    } else {
      const next = turn(g.index, dragSteps(point.x - g.start.x, stageSize().width, count), count);
      if (next !== index) setIndex(next);
    }
  };
  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    pointers.current.delete(event.pointerId);
    const rest = [...pointers.current.values()];
    // A pinch that loses a finger carries on as a drag from where the other finger is.
    if (rest[0]) begin(rest[0]);
    else gesture.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const keys: Record<string, () => void> = {
      ArrowRight: () => show(turn(index, 1, count)),
      ArrowLeft: () => show(turn(index, -1, count)),
      Home: () => show(0),
      End: () => show(count - 1),
      '+': () => zoomTo(zoom * 1.5),
      '=': () => zoomTo(zoom * 1.5),
      '-': () => zoomTo(zoom / 1.5),
      '0': () => zoomTo(MIN_ZOOM),
    };
    const action = keys[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  const position = index + 1;
  return (
    <div className={cn('grid gap-3', fill && 'h-full min-h-0 grid-rows-[minmax(0,1fr)_auto_auto]', className)} data-testid="walk-around">
      <div
        ref={stage}
        role="group"
        aria-roledescription="walk-around"
        aria-label={`Walk-around of ${title}`}
        aria-describedby={help}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        data-testid="walk-around-stage"
        data-angle={current.angle}
        data-zoom={zoom.toFixed(2)}
        className={cn(
          'relative w-full cursor-grab touch-pan-y overflow-hidden rounded-lg bg-slate-100 select-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 active:cursor-grabbing',
          fill ? 'h-full min-h-0' : 'aspect-[3/2]',
          zoom > MIN_ZOOM && 'touch-none',
        )}
      >
        <p id={help} className="sr-only">
          Drag, swipe or use the left and right arrow keys to turn the car. Plus and minus zoom in and out.
        </p>
        <div className="absolute inset-0" style={{ transform: `translate(${pan.x}px, ${pan.y}px) scale(${zoom})` }}>
          {frames.map((frame, i) => (
            <img
              key={frame.angle}
              ref={i === 0 ? firstFrame : undefined}
              src={i === 0 || warm ? frame.imageUrl : undefined}
              fetchPriority={i === 0 ? 'high' : undefined}
              alt={i === index ? `${frame.label}, studio image` : ''}
              aria-hidden={i === index ? undefined : true}
              draggable={false}
              decoding="async"
              className={cn('pointer-events-none absolute inset-0 size-full object-contain', i !== index && 'opacity-0')}
            />
          ))}
          {/* Zoomed in, the full-size image is laid over the gallery-size one, which shows until it has loaded. */}
          {zoom > MIN_ZOOM && (
            <img src={current.fullUrl} alt="" aria-hidden draggable={false} className="pointer-events-none absolute inset-0 size-full object-contain" />
          )}
        </div>
      </div>
      <div className="flex items-center justify-between gap-2">
        <Button variant="outline" size="icon" aria-label="Previous angle" onClick={() => show(turn(index, -1, count))} disabled={count < 2}>
          <ChevronLeft aria-hidden="true" />
        </Button>
        <p aria-live="polite" aria-atomic="true" className="min-w-0 flex-1 text-center text-sm font-medium text-slate-800" data-testid="walk-around-position">
          {frameAnnouncement(frames, index)}
        </p>
        <Button variant="outline" size="icon" aria-label="Zoom out" onClick={() => zoomTo(zoom / 1.5)} disabled={zoom <= MIN_ZOOM}>
          <ZoomOut aria-hidden="true" />
        </Button>
        <Button variant="outline" size="icon" aria-label="Zoom in" onClick={() => zoomTo(zoom * 1.5)} disabled={zoom >= MAX_ZOOM}>
          <ZoomIn aria-hidden="true" />
        </Button>
        <Button variant="outline" size="icon" aria-label="Next angle" onClick={() => show(turn(index, 1, count))} disabled={count < 2}>
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
      <ul className="flex gap-2 overflow-x-auto pb-1" aria-label="Angles of the walk-around">
        {frames.map((frame, i) => (
          <li key={frame.angle} className="shrink-0">
            <button
              type="button"
              onClick={() => show(i)}
              aria-label={`Show ${frame.label}`}
              aria-current={i === index ? 'true' : undefined}
              className={cn(
                'block h-12 w-16 overflow-hidden rounded-md border-2 bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:h-15 sm:w-20',
                i === index ? 'border-brand-700' : 'border-transparent',
              )}
            >
              <img src={i === 0 || warm ? frame.imageUrl : undefined} alt="" draggable={false} className="size-full object-cover" />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
