import { Info } from 'lucide-react';
import { CAR_PACKAGE_ANGLE_COUNT, CAR_PACKAGE_CREDITS, MAX_CAR_PACKAGE_PHOTOS } from '@shared/limits';

/** Both homes recognise angles (the vision port): the suggestion is pre-selected on each photo's tag. */
const MATCHING = 'Each photo is matched to the angle it shows: we suggest it on the photo\'s tag as soon as you add it, and you can change it. A photo without a usable car is refused before anything is charged.';

const steps = () => [
  `${CAR_PACKAGE_CREDITS} credit buys the angles your photos show, up to the ${CAR_PACKAGE_ANGLE_COUNT} standard angles (front, rear, both sides and the four corners), whatever the number of photos you upload (1 to ${MAX_CAR_PACKAGE_PHOTOS}).`,
  MATCHING,
  'You get the angles your photos show, up to 8: the package is made of them. An angle none of them shows is not in it (the package names it, with the photo that would give it), unless you turn on "Fill missing sides with mirror images": then a missing side or corner is made from the opposite one, reversed, and labelled as a mirror image.',
  'Follow each angle live in My Car Packages: pending, processing, completed or failed. You can leave the page and come back.',
  `An angle that fails while rendering can be retried for free, up to 3 times. If none of the ${CAR_PACKAGE_ANGLE_COUNT} angles can be rendered, your credit is refunded automatically and you can start the package again for 1 credit.`,
];

export function WhatHappensNext() {
  return (
    <section aria-labelledby="what-happens-next" className="rounded-xl border border-brand-100 bg-brand-50 p-4 sm:p-5">
      <h3 id="what-happens-next" className="flex items-center gap-2 font-semibold text-brand-800">
        <Info className="size-5" aria-hidden="true" />
        What happens next
      </h3>
      <ol className="mt-3 grid list-decimal gap-1.5 pl-5 text-sm text-slate-800">
        {steps().map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </section>
  );
}
