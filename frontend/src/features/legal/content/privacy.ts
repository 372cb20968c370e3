import { COMPANY, PRODUCT_NAME } from '@shared/brand';
import type { LegalSection } from './legal-section';

export const PRIVACY_INTRO = `This policy explains which personal data ${COMPANY.legalName} collects when you use ${PRODUCT_NAME}, why, how long we keep it and the rights you have under the GDPR and other privacy laws.`;

export const PRIVACY_SECTIONS: readonly LegalSection[] = [
  {
    title: 'Information We Collect',
    paragraphs: ['We collect only what we need to run the service:'],
    items: [
      'Account data: your e-mail address, dealership name and, if you add one, your logo.',
      'Photos you upload and the images we produce from them, with the name you give each car package.',
      'Credit and purchase records: credits granted, used and refunded, and payments (we never see or store full card numbers).',
      'Messages you send us through the contact and support forms, with any attachment.',
      'Technical data: IP address and request logs, kept to secure the service and limit abuse.',
    ],
  },
  {
    title: 'How We Use Your Information',
    paragraphs: [
      'We use your data to provide the service (processing your photos, keeping your credit balance, sending sign-in links and receipts), to answer your messages, to prevent fraud and abuse, and to meet legal obligations such as tax records. We do not sell your data and do not use your photos to advertise.',
    ],
  },
  {
    title: 'Legal Basis for Processing (GDPR)',
    paragraphs: [
      'We process your data to perform our contract with you (running your account and processing your photos), on the basis of our legitimate interests (security, fraud prevention, improving the service) and to comply with legal obligations (accounting and tax). Where we rely on consent, you can withdraw it at any time.',
    ],
  },
  {
    title: 'Data Storage and Security',
    paragraphs: [
      'Your data is stored on Amazon Web Services, encrypted at rest and in transit. Access is limited to the systems and staff that need it to run the service. SOC 2 certification is on our roadmap; we do not claim it today.',
    ],
  },
  {
    title: 'Data Retention',
    paragraphs: [
      'We keep your original photos and the produced images for as long as your account exists, so you can download them again. Location data (GPS) in the photos you upload is removed when we store them. Messages sent through the contact form and support tickets are deleted automatically one year after they were sent. Purchase records are kept as long as tax law requires.',
      'You can delete your whole account yourself in Settings (Delete my account). The deletion happens at once: your profile and dealership name, your logo, your credit balance and its history, every car package with its photos and studio images, unfinished uploads, your support tickets with their attachments, messages sent from your address through the contact form, and your sign-in are deleted, and we send a confirmation to your e-mail address. We keep only your payment records (amount, date, credits bought and your account id), because finance and tax law require them, and a note of the deletion with the date. Our database backups reach back 30 days, so within 30 days of your request your data is gone from them too. You can also ask us by e-mail: your data is then permanently deleted within 30 days of your request.',
    ],
  },
  {
    title: 'Third-Party Services',
    paragraphs: ['We share data only with the service providers that run parts of the service for us:'],
    items: [
      'Stripe: card payments and payment records.',
      'Amazon Web Services: hosting, cloud storage, e-mail delivery and sign-in.',
      'OpenAI: image generation; your photos are sent to it to produce the studio images and are not used by it to train its models under its API terms.',
      'Analytics: we do not use a third-party analytics or advertising service.',
    ],
  },
  {
    title: 'Your Rights',
    paragraphs: [
      `You have the right to access, correct, export and delete your personal data, to object to or restrict its processing, and to complain to a data protection authority. To use these rights, write to ${COMPANY.privacyEmail}; we answer within 30 days.`,
    ],
  },
  {
    title: 'Cookies and Local Storage',
    paragraphs: [
      'We use only what the service needs to work: your sign-in session, the state of the dashboard sidebar and a few values that carry a trial over to your new account. We do not use advertising or tracking cookies.',
    ],
  },
  {
    title: 'International Data Transfers',
    paragraphs: [
      `${COMPANY.legalName} is a US company and your data may be processed in the United States. Transfers from the European Economic Area rely on the EU Standard Contractual Clauses with our providers.`,
    ],
  },
  {
    title: 'Contact and Changes to This Policy',
    paragraphs: [
      `For privacy questions contact ${COMPANY.privacyEmail} or write to ${COMPANY.legalName}, ${COMPANY.virtualOfficeAddress}. We will announce material changes to this policy by e-mail or in your dashboard before they take effect.`,
    ],
  },
];
