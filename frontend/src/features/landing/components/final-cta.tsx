import { TRIAL_CREDITS } from '@shared/limits';
import { Button } from '@/components/ui/button';

export function FinalCta({ onStartTrial, onLogin }: { onStartTrial: () => void; onLogin: () => void }) {
  return (
    <section aria-labelledby="cta-title" className="bg-brand-800 text-white">
      <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6">
        <h2 id="cta-title" className="text-3xl font-bold tracking-tight">
          Make your next listing look like a studio shoot
        </h2>
        <p className="mt-3 text-brand-50">
          Start with {TRIAL_CREDITS} free credits. No credit card, no app, no contract.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Button size="lg" variant="inverse" onClick={onStartTrial}>
            Get {TRIAL_CREDITS} Free Credits
          </Button>
          <Button size="lg" variant="outline" className="border-white bg-transparent text-white hover:bg-white/10" onClick={onLogin}>
            Existing User? Login
          </Button>
        </div>
      </div>
    </section>
  );
}
