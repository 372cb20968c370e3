import { COMPANY, PROCESSING_TIME_TEXT } from '@shared/brand';
import { CAR_PACKAGE_ANGLE_COUNT, MAX_CAR_PACKAGE_PHOTOS, MAX_FILE_BYTES, TRIAL_CREDITS } from '@shared/limits';
import { CONTENT_CREDENTIALS } from '@shared/content-credentials';

export interface FaqItem {
  question: string;
  answer: string;
}

/** Questions dealers ask before they try the service; answers say what the system really does. */
export const FAQ_ITEMS: readonly FaqItem[] = [
  {
    question: 'How do credits work?',
    answer: `You buy credits once and use them whenever you like; there is no contract and no subscription. A car package turns 1 to ${MAX_CAR_PACKAGE_PHOTOS} photos of one car into up to ${CAR_PACKAGE_ANGLE_COUNT} standard angles for 1 credit. In the batch processor, 1 credit is 1 processed photo. Purchased credits never expire.`,
  },
  {
    question: 'What do I get for free?',
    answer: `New accounts get ${TRIAL_CREDITS} free credits at their first sign-in, no credit card needed, once per person: another spelling of the same e-mail address gets none, and only a few new accounts a day from one network get them. Trial credits are valid for 30 days; they are used before any credits you buy. An account without them can buy credits, or contact us to ask for a trial.`,
  },
  {
    question: 'How long does processing take?',
    answer: PROCESSING_TIME_TEXT.answer,
  },
  {
    question: 'Will the new photo hide scratches or damage?',
    answer:
      'No. We change the background and the lighting, not the car. Every render is checked against your original photo, and one where the vehicle changed is rendered again or marked as failed, so what buyers see is the car you have.',
  },
  {
    question: 'Do buyers see that AI edited the photo?',
    answer: `${CONTENT_CREDENTIALS.disclosure} Anyone can check an image at /verify.`,
  },
  {
    question: 'Do I need an app or design skills?',
    answer:
      'No. Everything works in the web browser of your phone or computer. Take ordinary photos of the car, upload them, pick a background and download the finished images.',
  },
  {
    question: 'Can buyers turn the car round?',
    answer:
      'Yes. On your car package page the finished angles form a walk-around you turn by swiping, dragging or with the arrow keys, and zoom into. Turn on Share and the car gets its own public page, with the walk-around, every image to download and its content credentials, to send to buyers or put in your listings; the embed code puts the walk-around on your own website. Turn Share off and the link stops working at once.',
  },
  {
    question: 'What happens if a render fails?',
    answer:
      'If none of the angles of a car package can be rendered, its credit is refunded automatically, and an angle that failed while rendering can be retried for free (up to 3 times; a refunded package is started again for 1 credit instead). A failed photo in the batch processor gives its credit back too.',
  },
  {
    question: 'Which photos can I upload? What about iPhone photos?',
    answer: `JPG, PNG or WebP photos of up to ${MAX_FILE_BYTES / (1024 * 1024)} MB each, in any orientation or colour profile your camera used. iPhones save HEIC by default, which we cannot read yet: set Settings > Camera > Formats to Most Compatible, or share the photo choosing JPEG. AVIF images are not taken either; save them as JPG or PNG first.`,
  },
  {
    question: 'What happens to my photos?',
    answer: `Your original and finished photos are stored encrypted and are never sold or shared for marketing. You can ask us to delete your data at any time by writing to ${COMPANY.privacyEmail}; it is deleted for good within 30 days.`,
  },
  {
    question: 'Can our inventory system send the photos by itself?',
    answer:
      'Yes. Create an API key in Settings and your DMS or photographer\'s app can create a car package by stock number or VIN, upload its photos, start it and download the finished images, using your credits; a webhook tells it when a package is ready. The API reference with a curl walk-through is at /docs/api.',
  },
];
