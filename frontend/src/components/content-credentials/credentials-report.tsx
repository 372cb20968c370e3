import { AlertTriangle, BadgeCheck, CircleHelp, ShieldAlert } from 'lucide-react';
import { RENDERER_LABELS, type RendererName } from '@shared/content-credentials';
import { CONTENT_CREDENTIALS } from '@shared/content-credentials';
import type { CredentialsReport as Report } from '@shared/schemas/content-credentials';
import { cn } from '@/lib/utils';

const STATUS_STYLE = {
  signed_by_us: { icon: BadgeCheck, className: 'border-green-200 bg-green-50 text-green-900' },
  not_signed_by_us: { icon: ShieldAlert, className: 'border-amber-200 bg-amber-50 text-amber-900' },
  altered: { icon: AlertTriangle, className: 'border-red-200 bg-red-50 text-red-900' },
  none: { icon: CircleHelp, className: 'border-slate-200 bg-slate-50 text-slate-800' },
} as const;

const rendererLabel = (renderer: string | null) => (renderer && renderer in RENDERER_LABELS ? RENDERER_LABELS[renderer as RendererName] : renderer);
const similarity = (score: number) => (Math.floor(score * 100) / 100).toFixed(2);

/**
 * What an image's content credentials say, in plain words: who signed, what was changed (background, light,
 * logo), what was not (the car, with its check), when, by which renderer and model. `originalNote` says where
 * the original photo is (the dealer's own view knows it is kept with the package).
 */
export function CredentialsReport({ report, originalNote }: { report: Report; originalNote?: string }) {
  const { icon: Icon, className } = STATUS_STYLE[report.status];
  const changes = report.actions.filter((a) => a.action !== 'c2pa.opened' && a.description);
  const when = report.actions.find((a) => a.when)?.when;
  const fidelity = report.carFidelity;
  return (
    <div className="space-y-3 text-sm" data-testid="credentials-report" data-status={report.status}>
      <p role="status" className={cn('flex items-start gap-2 rounded-lg border p-3 font-medium', className)}>
        <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>{CONTENT_CREDENTIALS.status[report.status]}</span>
      </p>
      {report.status !== 'none' && (
        <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-[10.5rem_1fr]">
          {changes.length > 0 && (
            <>
              <dt className="font-semibold text-slate-900">What was changed</dt>
              <dd>
                <ul className="list-disc space-y-1 pl-5 text-slate-700">
                  {changes.map((a, i) => (
                    <li key={i}>{a.description}</li>
                  ))}
                </ul>
              </dd>
            </>
          )}
          {fidelity && (
            <>
              <dt className="font-semibold text-slate-900">What was not</dt>
              <dd className="text-slate-700">
                {fidelity.measured && fidelity.score !== null
                  ? `The car itself: checked against the original photo, similarity ${similarity(fidelity.score)} (at least ${fidelity.threshold.toFixed(2)} needed) — ${fidelity.passed ? 'passed' : 'below the threshold'}.`
                  : 'The car itself was kept from the photo; this image was not measured against it.'}
              </dd>
            </>
          )}
          {when && (
            <>
              <dt className="font-semibold text-slate-900">When</dt>
              <dd className="text-slate-700">
                <time dateTime={when}>{new Date(when).toLocaleString()}</time>
              </dd>
            </>
          )}
          {(report.renderer || report.model) && (
            <>
              <dt className="font-semibold text-slate-900">Made with</dt>
              <dd className="break-words text-slate-700">{[rendererLabel(report.renderer), report.model].filter(Boolean).join(' · ')}</dd>
            </>
          )}
          {report.signedBy && (
            <>
              <dt className="font-semibold text-slate-900">Signed by</dt>
              <dd className="break-words text-slate-700">{report.signedBy}</dd>
            </>
          )}
          {originalNote && (
            <>
              <dt className="font-semibold text-slate-900">Original</dt>
              <dd className="text-slate-700">{originalNote}</dd>
            </>
          )}
          {report.problems.length > 0 && (
            <>
              <dt className="font-semibold text-slate-900">Problems found</dt>
              <dd className="break-words font-mono text-xs text-slate-700">{report.problems.join(', ')}</dd>
            </>
          )}
        </dl>
      )}
    </div>
  );
}
