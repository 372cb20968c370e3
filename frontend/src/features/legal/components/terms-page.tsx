import { TERMS_INTRO, TERMS_SECTIONS } from '../content/terms';
import { LegalPage } from './legal-page';

export function TermsPage() {
  return (
    <LegalPage
      title="Terms of Service"
      description="The terms for using the service: accounts, credits and payment, your rights to your images, and liability."
      intro={TERMS_INTRO}
      sections={TERMS_SECTIONS}
    />
  );
}
