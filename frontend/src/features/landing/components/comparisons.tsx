import { BEFORE_AFTER_PAIRS, BEFORE_LABEL } from '../content/before-after-pairs';
import { BeforeAfterSlider } from './before-after-slider';

export function Comparisons() {
  // The hero shows the first pair; these are the next four.
  const pairs = BEFORE_AFTER_PAIRS.length > 4 ? BEFORE_AFTER_PAIRS.slice(1, 5) : BEFORE_AFTER_PAIRS.slice(0, 4);
  return (
    <section aria-labelledby="comparisons-title" className="bg-white">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <h2 id="comparisons-title" className="text-center text-3xl font-bold tracking-tight text-slate-900">
          See the difference
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-slate-700">
          Drag the divider, or focus it and use the arrow keys, to compare a dealer's phone photo with the studio image
          made from it.
        </p>
        <div className="mt-10 grid gap-8 md:grid-cols-2">
          {pairs.map((pair) => (
            <figure key={pair.slug}>
              <BeforeAfterSlider before={pair.before} after={pair.after} beforeLabel={BEFORE_LABEL} afterLabel={pair.label} />
              <figcaption className="mt-2 text-xs text-slate-600">{pair.credit}</figcaption>
            </figure>
          ))}
        </div>
      </div>
    </section>
  );
}
