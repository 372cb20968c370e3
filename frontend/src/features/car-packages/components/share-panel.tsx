import { Copy, ExternalLink, Share2 } from 'lucide-react';
import { actingMemberLabel } from '@shared/team';
import { useId } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { usePackageShare, useSetPackageShare } from '../api/share';

const copy = (text: string, what: string) =>
  void navigator.clipboard
    .writeText(text)
    .then(() => toast.success(`${what} copied`))
    .catch(() => toast.error('Could not copy: select the text and copy it.'));

/** A read-only line of text to copy (the link, the embed code), with its own Copy button. */
function CopyField({ label, value, what }: { label: string; value: string; what: string }) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex min-w-0 gap-2">
        <input
          id={id}
          readOnly
          value={value}
          onFocus={(e) => e.currentTarget.select()}
          className="h-9 min-w-0 flex-1 rounded-md border border-slate-300 bg-slate-50 px-3 font-mono text-sm text-slate-900"
        />
        <Button type="button" variant="outline" size="sm" className="h-9 shrink-0" onClick={() => copy(value, what)} aria-label={`Copy ${what.toLowerCase()}`}>
          <Copy aria-hidden="true" />
          Copy
        </Button>
      </div>
    </div>
  );
}

/**
 * Share: a public page of the car (its walk-around, images and content credentials) for listings and messengers. Off
 * by default; turned off, the link answers 404 at once.
 */
/** The code a dealer pastes into their site: the walk-around as wide as its place, 4:3 (the embed fills any size). */
export function embedSnippet(embedUrl: string, carName: string): string {
  const title = `Walk-around of ${carName}`.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<iframe src="${embedUrl}" title="${title}" style="width:100%;aspect-ratio:4/3;border:0" loading="lazy" allowfullscreen></iframe>`;
}

/** The same car as a plain link, for sites that allow no frames (or no code): it needs no script. */
export function fallbackLink(pageUrl: string, carName: string): string {
  const text = `See the ${carName} all round`.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return `<a href="${pageUrl}">${text}</a>`;
}

export function SharePanel({ packageId, carName }: { packageId: string; carName: string }) {
  const id = useId();
  const share = usePackageShare(packageId);
  const set = useSetPackageShare(packageId);
  const on = set.isPending ? set.variables : share.data?.shared === true;
  const pageUrl = share.data?.page_path ? `${window.location.origin}${share.data.page_path}` : null;
  const embedUrl = share.data?.embed_path ? `${window.location.origin}${share.data.embed_path}` : null;
  return (
    <Card className="grid gap-4 p-4 sm:p-5" aria-labelledby={`${id}-title`} role="region" data-testid="share-panel">
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <h3 id={`${id}-title`} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
            <Share2 className="size-5 text-brand-700" aria-hidden="true" />
            Share
          </h3>
          <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
            A public page of this car with the walk-around and the images, for listings and messengers. Anyone with the link can open it; turn Share off and the link stops working at once.
          </p>
        </div>
        <Switch
          aria-label="Share this car"
          aria-describedby={`${id}-hint`}
          checked={on === true}
          disabled={!share.data || set.isPending}
          onCheckedChange={(next) => set.mutate(next, { onError: (error) => toast.error(next ? 'Could not share this car' : 'Could not turn Share off', { description: error.message }) })}
        />
      </div>
      {share.isError && (
        <p role="alert" className="text-sm text-red-700">
          Could not read whether this car is shared: {share.error.message}
        </p>
      )}
      {pageUrl && !set.isPending && (
        <div className="grid gap-3">
          {/* Issue 42: the member who turned Share on. */}
          {actingMemberLabel(share.data?.shared_by) && (
            <p className="text-sm text-slate-600" data-testid="share-shared-by">
              Shared by {actingMemberLabel(share.data?.shared_by)}
            </p>
          )}
          <CopyField label="Link to the car's page" value={pageUrl} what="Link" />
          {embedUrl && <CopyField label="Embed the walk-around on your website" value={embedSnippet(embedUrl, carName)} what="Embed code" />}
          <CopyField label="Or a plain link, for sites that allow no embeds" value={fallbackLink(pageUrl, carName)} what="Plain link" />
          <div>
            <Button asChild variant="outline" size="sm">
              <a href={pageUrl} target="_blank" rel="noopener noreferrer">
                <ExternalLink aria-hidden="true" />
                Open the page
              </a>
            </Button>
          </div>
        </div>
      )}
    </Card>
  );
}
