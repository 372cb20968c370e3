import { PROCESSING_TIME_TEXT } from '@shared/brand';
import {
  BATCH_CREDITS_PER_IMAGE,
  CAR_PACKAGE_ANGLE_COUNT,
  CAR_PACKAGE_CREDITS,
  MAX_BATCH_PHOTOS,
  MAX_CAR_PACKAGE_PHOTOS,
  MAX_FILE_BYTES,
  TRIAL_CREDITS,
} from '@shared/limits';
import { CONTENT_CREDENTIALS } from '@shared/content-credentials';

export interface HelpItem {
  question: string;
  answer: string;
}

const maxMb = MAX_FILE_BYTES / (1024 * 1024);

export const GETTING_STARTED_STEPS: readonly { title: string; text: string }[] = [
  {
    title: 'Check your credits',
    text: `Your dashboard shows your credit balance. New accounts start with ${TRIAL_CREDITS} free trial credits, once per person (one e-mail mailbox) and a few a day per network.`,
  },
  {
    title: 'Create a car package',
    text: `Open Car Packages, name the car (for example 2021 Toyota Camry SE), choose a background and add 1 to ${MAX_CAR_PACKAGE_PHOTOS} photos of it. A car package costs ${CAR_PACKAGE_CREDITS} credit, whatever the number of photos, and is made of the angles your photos show, up to the ${CAR_PACKAGE_ANGLE_COUNT} standard angles: every angle a photo shows is rendered; an angle no photo shows is not in the package (its page names it, so you can photograph it for a new one). A missing side or corner can be made from the opposite one, reversed, if you turn on "Fill missing sides with mirror images"; each such image is labelled as a mirror image (on its card, in My Images, on a shared page and in its file name). Before you pay, the form draws the 8 angles around the car: which photo gives each, which are mirror images and which are missing; with fewer than 8 the Generate button says how many you get and asks you to confirm.`,
  },
  {
    title: 'Watch it render',
    text: 'Each angle shows its status live: pending, processing, completed or failed. You can leave the page: when the package is ready we e-mail you its finished angles and a link to it (turn this off in Settings, E-mails).',
  },
  {
    title: 'Download and use',
    text: 'Completed angles have Download and Original buttons. Use the images on your website, listings and social media.',
  },
];

export const PHOTO_GUIDE_TIPS: readonly { title: string; text: string }[] = [
  { title: 'One car per package', text: 'Every photo of a package should show the same car. Keep other cars out of the frame where you can.' },
  {
    title: 'Cover the angles',
    text: 'Front, rear, both sides and the four corners give the best result. Photograph every side you want in the package: a missing side or corner is only made from the opposite one if you turn on the mirror fill (labelled as such, with its plates and badges blurred), and a missing front or rear cannot be made up. Tag each photo with its angle when you can. On a phone, Take photos walks you round the car one angle at a time and checks each shot as you take it.',
  },
  { title: 'Whole car in frame', text: 'Step back so the whole car fits with a little space around it; do not cut off bumpers or mirrors. Studio images show the car from outside, so leave interior shots out.' },
  { title: 'Even light', text: 'Shoot in daylight or a bright bay, avoid strong backlight and harsh midday shadows.' },
  { title: 'Steady and sharp', text: 'Hold the phone at about headlight height and avoid blurry or zoomed-in shots.' },
  {
    title: 'Files',
    text: `JPG, PNG or WebP, up to ${maxMb} MB each. The background and lighting change; the car does not, scratches and damage stay visible.`,
  },
];

export function supportFaq(): readonly HelpItem[] {
  return [
    {
      question: 'How many images do I get?',
      answer: `A car package is the angles your photos show, up to the ${CAR_PACKAGE_ANGLE_COUNT} standard angles, for ${CAR_PACKAGE_CREDITS} credit, whatever the number of photos (1 to ${MAX_CAR_PACKAGE_PHOTOS}) you upload: you get every angle your photos show (with "Fill missing sides with mirror images" on, also the mirror image of each side or corner you photographed); an angle none of them gives is not in the package, and its page names it with the photo that would give it. The batch processor (for super users) returns one image per uploaded photo, at ${BATCH_CREDITS_PER_IMAGE} credit each, up to ${MAX_BATCH_PHOTOS} photos at once.`,
    },
    { question: 'How long does processing take?', answer: PROCESSING_TIME_TEXT.answer },
    {
      question: 'How do I use the walk-around?',
      answer:
        'On a finished car package, the Walk-around turns the car through its angles in order: swipe or drag across it, use the left and right arrow keys, the arrow buttons or the thumbnails. Pinch, the mouse wheel, the zoom buttons or + and - zoom into the full-size image. Angles that were not made are skipped. A package with two or more finished angles also gets an 8-second walk-around video (MP4, 1280×720), a second or two after it finishes: Download walk-around video (MP4) on the package page, and in the zip.',
    },
    {
      question: 'How do I share a car with buyers?',
      answer:
        "On a finished car package, turn on Share: the car gets a public page with its walk-around, the images to download and their content credentials, and your dealer name and logo (nothing else of your account). Copy the link for messengers and listings, the embed code to show the walk-around on your own website, or the plain link for sites that allow no embeds. Share is off until you turn it on; turn it off and the link answers 'not found' at once. Deleting the package or your account removes the page too.",
    },
    {
      question: 'What is the Content credentials mark on my images?',
      answer: `${CONTENT_CREDENTIALS.disclosure} Open the mark in the image viewer to read them, or drop a downloaded image on /verify.`,
    },
    {
      question: 'In which order are my credits used?',
      answer: 'Trial credits first, then bonus credits, then purchased credits, so the credits that expire soonest are used first.',
    },
    {
      question: 'Do credits expire?',
      answer: 'Trial credits expire 30 days after they are granted and bonus credits 180 days after they are granted. Purchased credits never expire.',
    },
    {
      question: 'What happens if processing fails?',
      answer:
        'Failed processing refunds your credits automatically: a car package whose angles all fail returns its credit, and a batch image that fails returns its own credit. Each refund happens exactly once. An angle that failed while rendering can be retried for free, up to 3 times; a package refunded because nothing rendered is not retried but can be started again for 1 credit.',
    },
    {
      question: 'Will the image hide damage on the car?',
      answer: 'No. Only the background and lighting change. Each studio image is checked for a car that is whole and alone (nothing of another car kept, no mirror cut off, not enlarged from a small photo), and its card says "Looks good" or what to look at. An angle whose photo should be taken again is not delivered and counts as failed.',
    },
    {
      question: 'How fast does support answer?',
      answer: 'We reply within 24 hours on business days. Use Contact Us in this Support Center; you can attach a screenshot or document.',
    },
  ];
}

export const SUPPORT_CATEGORY_LABELS = {
  bug: 'Bug Report',
  feature: 'Feature Request',
  general: 'General Question',
  billing: 'Billing',
  technical: 'Technical Support',
} as const;
