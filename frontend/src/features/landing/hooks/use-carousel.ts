import { useCallback, useEffect, useState } from 'react';

/**
 * Index of a carousel that advances by itself every `intervalMs`, wrapping around, until any manual control is
 * used: from then on it stays where the visitor put it.
 */
export function useCarousel(count: number, intervalMs: number) {
  const [index, setIndex] = useState(0);
  const [autoPlay, setAutoPlay] = useState(true);

  useEffect(() => {
    if (!autoPlay || count < 2) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), intervalMs);
    return () => window.clearInterval(timer);
  }, [autoPlay, count, intervalMs]);

  const manual = useCallback(
    (next: (i: number) => number) => {
      setAutoPlay(false);
      setIndex((i) => ((next(i) % count) + count) % count);
    },
    [count],
  );

  return {
    index,
    autoPlay,
    next: () => manual((i) => i + 1),
    previous: () => manual((i) => i - 1),
    goTo: (target: number) => manual(() => target),
    stop: () => setAutoPlay(false),
  };
}
