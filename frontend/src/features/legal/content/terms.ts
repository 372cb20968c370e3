import { COMPANY, PRODUCT_NAME } from '@shared/brand';
import { BONUS_CREDIT_LIFETIME_MS, CAR_PACKAGE_ANGLE_COUNT, TRIAL_CREDIT_LIFETIME_MS, TRIAL_CREDITS } from '@shared/limits';
import { CONTENT_CREDENTIALS } from '@shared/content-credentials';
import type { LegalSection } from './legal-section';

const days = (ms: number) => Math.round(ms / 86_400_000);

export const TERMS_INTRO = `These Terms of Service govern your use of ${PRODUCT_NAME}, a web service operated by ${COMPANY.legalName} that turns photos of vehicles into studio-style images. Please read them carefully.`;

export const TERMS_SECTIONS: readonly LegalSection[] = [
  {
    title: 'Acceptance of Terms',
    paragraphs: [
      `By creating an account, using a trial link or otherwise using ${PRODUCT_NAME}, you agree to these terms. If you use the service for a dealership or another business, you confirm that you may accept them on its behalf.`,
    ],
  },
  {
    title: 'Description of Service',
    paragraphs: [
      `${PRODUCT_NAME} lets car dealers upload photos of vehicles and receive edited images with a new background and lighting. A car package turns the photos of one car into ${CAR_PACKAGE_ANGLE_COUNT} standard angles; the batch processor returns one image per uploaded photo. The service changes backgrounds and light; it does not remove scratches, dents or other damage, and you must not use it to misrepresent the condition of a vehicle.`,
      'Images are produced by automated image processing, including image models of third parties. Results vary with the quality of the photos you upload, and we may re-render or reject an image when the vehicle in it no longer matches your original.',
      `${CONTENT_CREDENTIALS.disclosure} Do not remove them from images you publish.`,
    ],
  },
  {
    title: 'User Accounts',
    paragraphs: [
      'You sign in with a one-time link sent to your e-mail address. Keep access to that mailbox secure: anyone who can read it can sign in to your account. You are responsible for the photos you upload and must have the right to use them.',
      'We may suspend an account that is used to upload unlawful content, to attack the service or to abuse free trials.',
    ],
  },
  {
    title: 'Payment and Credits',
    paragraphs: [
      'The service is paid per use with credits. There are no contracts, subscriptions or monthly commitments. Prices are shown before you buy, and card payments are processed by Stripe.',
    ],
    items: [
      `New accounts receive ${TRIAL_CREDITS} free trial credits, valid for ${days(TRIAL_CREDIT_LIFETIME_MS)} days, once per person: not for another spelling of an e-mail address that already received them, and not past the daily number of free trials per network.`,
      'Purchased credits never expire.',
      `Bonus credits expire ${days(BONUS_CREDIT_LIFETIME_MS)} days after they are granted.`,
      'Credits are used in this order: trial credits, then bonus credits, then purchased credits.',
      'If processing fails entirely, the credit for it is refunded automatically. Purchased credits are otherwise non-refundable, except where the law requires a refund.',
    ],
  },
  {
    title: 'Intellectual Property',
    paragraphs: [
      'You keep all rights to the photos you upload and you may use the images we produce from them for any lawful purpose, including listings, advertising and social media. You allow us to store and process your photos only to provide the service to you.',
      `The ${PRODUCT_NAME} software, brand and website remain the property of ${COMPANY.legalName}.`,
    ],
  },
  {
    title: 'Limitation of Liability',
    paragraphs: [
      'The service is provided "as is". To the extent permitted by law, we are not liable for indirect or consequential losses, lost sales or lost profits, and our total liability is limited to the amount you paid us in the twelve months before the claim.',
      'You are responsible for checking every image before you publish it and for the accuracy of your vehicle listings.',
    ],
  },
  {
    title: 'Changes to Terms',
    paragraphs: [
      'We may update these terms. We will announce material changes by e-mail or in your dashboard before they take effect. Using the service after that date means you accept the updated terms.',
    ],
  },
  {
    title: 'Contact Information',
    paragraphs: [
      `Questions about these terms can be sent through our contact page or to ${COMPANY.supportEmail}. ${COMPANY.legalName} is ${COMPANY.incorporation}; virtual office address: ${COMPANY.virtualOfficeAddress}.`,
    ],
  },
];
