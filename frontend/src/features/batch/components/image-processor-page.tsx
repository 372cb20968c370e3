import { useState } from 'react';
import { toast } from 'sonner';
import { DEFAULT_BACKGROUND, type Background } from '@shared/backgrounds';
import { BATCH_CREDITS_PER_IMAGE } from '@shared/limits';
import { BATCH_MESSAGES, MESSAGES } from '@shared/messages';
import { BackgroundPicker } from '@/components/background-picker/background-picker';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { usePageMeta } from '@/lib/page-meta';
import { createAndStartBatch } from '../api/batches';
import { useBatchPhotoChecks } from '../api/check-batch-photos';
import { useBatchFiles } from '../hooks/use-batch-files';
import { useBatchLiveUpdates } from '../hooks/use-batch-live-updates';
import { BatchDropZone } from './batch-drop-zone';
import { BatchFileCard } from './batch-file-card';
import { BatchSuccessPanel } from './batch-success-panel';

/** What follows the separator of "Insufficient credits. ..." style messages; the server's batch text has none. */
const insufficientText = (message: string) => message || MESSAGES.purchaseMoreCredits;

/**
 * /dashboard/image-processor (super users): up to 10 photos, each its own studio image for 1 credit. Each file goes
 * pending → uploading (25%) → uploaded (50%) → after the spec's 500 ms pause 75% while the server checks, charges
 * and starts the batch → processing (100%), then completed or failed live on its card. Each photo is checked for a
 * car as it is added: a refused one says why on its own card and is left out, so the usable ones can be processed
 * and only they are charged. `credits` is the dealer's balance; `onCreditsChanged` re-reads it.
 */
export function ImageProcessorPage({ credits, onCreditsChanged }: { credits: number | undefined; onCreditsChanged: () => void }) {
  usePageMeta(BATCH_MESSAGES.pageTitle, BATCH_MESSAGES.pageIntro);
  const [background, setBackground] = useState<Background>(DEFAULT_BACKGROUND);
  const [phase, setPhase] = useState<'selecting' | 'processing' | 'done'>('selecting');
  const [batchId, setBatchId] = useState<string | null>(null);
  const batch = useBatchFiles();
  const { files } = batch;
  const checks = useBatchPhotoChecks(files);
  const refusedCount = checks.filter((c) => c.state === 'refused').length;
  const checkingCount = checks.filter((c) => c.state === 'checking').length;
  // The files the batch processes (indexes into files): every one the car check did not refuse.
  const usable = files.flatMap((_, i) => (checks[i]?.state === 'refused' ? [] : [i]));
  // Once started: the files sent, in the batch's own photo order (its live events and refusals count in that order).
  const [started, setStarted] = useState<number[]>([]);
  const sent = phase === 'selecting' ? usable : started;
  const needed = sent.length * BATCH_CREDITS_PER_IMAGE;
  const failedCount = sent.filter((i) => files[i]?.status === 'error' || files[i]?.outcome === 'failed').length;
  const completedCount = files.filter((f) => f.outcome === 'completed').length;
  const locked = phase !== 'selecting';
  // Done: every card of the started batch is completed or failed.
  const unfinished = phase === 'done' && started.some((i) => files[i]?.status !== 'error' && files[i]?.outcome === null);

  useBatchLiveUpdates(
    batchId,
    (index, outcome, message) => {
      const file = started[index];
      if (file !== undefined) batch.update(file, { outcome, ...(outcome === 'failed' ? { error: message } : {}) });
    },
    unfinished,
  );

  const submit = async () => {
    if (files.length === 0) {
      toast.error(MESSAGES.noPhotosSelectedTitle, { description: MESSAGES.noPhotosBatch });
      return;
    }
    if (usable.length === 0) {
      toast.error(MESSAGES.noPhotosSelectedTitle, { description: BATCH_MESSAGES.noUsablePhotos });
      return;
    }
    if (credits !== undefined && credits < needed) {
      toast.error(MESSAGES.insufficientCreditsTitle, { description: MESSAGES.insufficientCreditsBatch(needed, credits) });
      return;
    }
    const sending = usable;
    const sendingIds = new Set(sending.map((i) => files[i]!.id));
    setStarted(sending);
    setPhase('processing');
    batch.setAll((f) => (sendingIds.has(f.id) ? { status: 'pending', progress: 0, error: null, outcome: null } : {}));
    try {
      await createAndStartBatch(
        sending.map((i) => files[i]!.file),
        background,
        {
          onUploading: (k) => batch.setStatus(sending[k]!, 'uploading'),
          onUploaded: (k) => batch.setStatus(sending[k]!, 'uploaded'),
          onUploadFailed: (k, message) => batch.setError(sending[k]!, message),
          onCreated: setBatchId,
          onProcessing: batch.setAllCreated,
        },
      );
      batch.setAll((f) => (!sendingIds.has(f.id) || f.status === 'error' ? {} : { status: 'processing', progress: 100 }));
      setPhase('done');
      toast.success(MESSAGES.imagesUploaded.title, { description: MESSAGES.imagesUploaded.description });
    } catch (error) {
      const message = error instanceof Error ? error.message : MESSAGES.unknownProcessingError;
      const fields = error instanceof ApiError ? error.fields : {};
      // A photo the server refused is named on its own card; the others are back as they were (nothing was charged),
      // and what went wrong for the batch as a whole is said once, in the toast: no card shows another photo's error.
      batch.setAll((f) => (sendingIds.has(f.id) && f.status !== 'error' ? { status: 'pending', progress: 0, error: null } : {}));
      sending.forEach((file, k) => {
        const own = fields[`photos.${k}`];
        if (own) batch.setError(file, own);
      });
      setBatchId(null);
      setStarted([]);
      setPhase('selecting');
      if (error instanceof ApiError && error.status === 402) toast.error(MESSAGES.insufficientCreditsTitle, { description: insufficientText(error.message) });
      else toast.error(MESSAGES.batchUploadFailed, { description: message });
    } finally {
      onCreditsChanged();
    }
  };

  const startOver = () => {
    batch.clear();
    setStarted([]);
    setBatchId(null);
    setPhase('selecting');
  };

  return (
    <section className="min-w-0">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{BATCH_MESSAGES.pageTitle}</h1>
      <p className="mt-1 mb-6 text-slate-700">{BATCH_MESSAGES.pageIntro}</p>
      {phase === 'done' && (
        <div className="mb-6">
          <BatchSuccessPanel onUploadMore={startOver} finished={unfinished ? null : { completed: completedCount, failed: failedCount }} />
        </div>
      )}
      <Card>
        <CardHeader>
          <CardTitle>{BATCH_MESSAGES.uploadCardTitle}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-5">
          <div className="grid gap-4 sm:grid-cols-2">
            <BackgroundPicker label={BATCH_MESSAGES.backgroundLabel} value={background} onChange={setBackground} disabled={locked} />
            <div className="rounded-lg border border-brand-100 bg-brand-50 p-3" data-testid="batch-credit-box">
              <p className="font-semibold text-slate-900">{credits === undefined ? '…' : BATCH_MESSAGES.creditsAvailable(credits)}</p>
              <p className={phase === 'selecting' && credits !== undefined && credits < needed ? 'text-sm text-red-700' : 'text-sm text-slate-700'}>{phase === 'done' ? BATCH_MESSAGES.creditsUsed(needed) : BATCH_MESSAGES.creditsNeeded(needed)}</p>
            </div>
          </div>

          {phase !== 'done' && <BatchDropZone disabled={locked} onAdd={batch.add} />}

          {files.length > 0 && (
            <div className="grid gap-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="flex items-center gap-2 text-sm font-medium text-slate-800">
                  {files.length} {files.length === 1 ? 'photo' : 'photos'} selected
                  {failedCount > 0 && <Badge colour="red">{BATCH_MESSAGES.failedBadge(failedCount)}</Badge>}
                </p>
                <Button variant="outline" size="sm" onClick={batch.clear} disabled={locked}>
                  {BATCH_MESSAGES.clearAll}
                </Button>
              </div>
              <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" aria-label="Selected photos">
                {files.map((f, i) => (
                  <BatchFileCard key={f.id} file={f} check={phase === 'selecting' || !started.includes(i) ? checks[i] : undefined} removable={!locked} onRemove={() => batch.remove(f.id)} />
                ))}
              </ul>
            </div>
          )}

          {phase !== 'done' && (
            <Button size="lg" className="h-auto min-h-12 w-full whitespace-normal py-2 sm:w-auto sm:justify-self-start" onClick={() => void submit()} disabled={locked || checkingCount > 0 || (files.length > 0 && usable.length === 0)}>
              {phase === 'processing' ? (
                <>
                  <Spinner className="size-4" label={BATCH_MESSAGES.processing} /> {BATCH_MESSAGES.processing}
                </>
              ) : checkingCount > 0 ? (
                BATCH_MESSAGES.checkingPhotos(files.length - checkingCount, files.length)
              ) : refusedCount > 0 ? (
                BATCH_MESSAGES.processUsable(usable.length)
              ) : (
                BATCH_MESSAGES.uploadAndProcess(files.length)
              )}
            </Button>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
