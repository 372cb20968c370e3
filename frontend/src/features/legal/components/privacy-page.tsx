import { PRIVACY_INTRO, PRIVACY_SECTIONS } from '../content/privacy';
import { LegalPage } from './legal-page';

export function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy and GDPR"
      description="Which data we keep, why, for how long, which providers process it, and how to have it deleted within 30 days."
      intro={PRIVACY_INTRO}
      sections={PRIVACY_SECTIONS}
    />
  );
}
