export interface Testimonial {
  id: string;
  quote: string;
  author: string;
  company: string;
}

/** Dealer stories shown in the carousel (illustrative copy, see decisions.md 8). */
export const TESTIMONIALS: readonly Testimonial[] = [
  {
    id: 'used-car-lot',
    quote:
      'We shoot every trade-in with a phone on the lot. Now the listing photos look like they came out of a studio, and the scratches we disclose are still there for the buyer to see.',
    author: 'Maria Gonzalez',
    company: 'Sunbelt Pre-Owned, Phoenix',
  },
  {
    id: 'family-dealership',
    quote:
      'One credit gives us all 8 angles of a car. We list the same afternoon instead of waiting a week for a photographer, and we only pay for the cars we actually list.',
    author: 'Tom Becker',
    company: 'Becker Family Motors, Columbus',
  },
  {
    id: 'dealer-group',
    quote:
      'Our three lots used to look like three different businesses online. With the same studio background on every car, our inventory finally looks like one brand.',
    author: 'Aisha Johnson',
    company: 'Lakeview Auto Group, Atlanta',
  },
];
