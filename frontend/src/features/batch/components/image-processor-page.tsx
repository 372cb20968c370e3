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
 * and starts the batch → processing (100%), then completed or failed live on its card. `credits` is the dealer's balance; `onCreditsChanged` re-reads it.
 */
export function ImageProcessorPage({ credits, onCreditsChanged }: { credits: number | undefined; onCreditsChanged: () => void }) {
  usePageMeta(BATCH_MESSAGES.pageTitle, BATCH_MESSAGES.pageIntro);
  const [background, setBackground] = useState<Background>(DEFAULT_BACKGROUND);
  const [phase, setPhase] = useState<'selecting' | 'processing' | 'done'>('selecting');
  const [batchId, setBatchId] = useState<string | null>(null);
  const batch = useBatchFiles();
  const { files } = batch;
  const needed = files.length * BATCH_CREDITS_PER_IMAGE;
  const failedCount = files.filter((f) => f.status === 'error' || f.outcome === 'failed').length;
  const completedCount = files.filter((f) => f.outcome === 'completed').length;
  const locked = phase !== 'selecting';
  // Done: every card of the started batch is completed or failed.
  const unfinished = phase === 'done' && files.some((f) => f.status !== 'error' && f.outcome === null);

  useBatchLiveUpdates(
    batchId,
    (index, outcome, message) => batch.update(index, { outcome, ...(outcome === 'failed' ? { error: message } : {}) }),
    unfinished,
  );

  const submit = async () => {
    if (files.length === 0) {
      toast.error(MESSAGES.noPhotosSelectedTitle, { description: MESSAGES.noPhotosBatch });
      return;
    }
    if (credits !== undefined && credits < needed) {
      toast.error(MESSAGES.insufficientCreditsTitle, { description: MESSAGES.insufficientCreditsBatch(needed, credits) });
      return;
    }
    setPhase('processing');
    batch.setAll(() => ({ status: 'pending', progress: 0, error: null, outcome: null }));
    try {
      await createAndStartBatch(
        files.map((f) => f.file),
        background,
        {
          onUploading: (i) => batch.setStatus(i, 'uploading'),
          onUploaded: (i) => batch.setStatus(i, 'uploaded'),
          onUploadFailed: (i, message) => batch.setError(i, message),
          onCreated: setBatchId,
          onProcessing: batch.setAllCreated,
        },
      );
      batch.setAll((f) => (f.status === 'error' ? {} : { status: 'processing', progress: 100 }));
      setPhase('done');
      toast.success(MESSAGES.imagesUploaded.title, { description: MESSAGES.imagesUploaded.description });
    } catch (error) {
      const message = error instanceof Error ? error.message : MESSAGES.unknownProcessingError;
      const fields = error instanceof ApiError ? error.fields : {};
      // A photo the server refused is named on its card; every other file not yet failed carries the batch's error.
      batch.setAll((f) => (f.status === 'error' ? {} : { status: 'error', error: message }));
      files.forEach((_, i) => {
        const own = fields[`photos.${i}`];
        if (own) batch.setError(i, own);
      });
      setBatchId(null);
      setPhase('selecting');
      if (error instanceof ApiError && error.status === 402) toast.error(MESSAGES.insufficientCreditsTitle, { description: insufficientText(error.message) });
      else toast.error(MESSAGES.batchUploadFailed, { description: message });
    } finally {
      onCreditsChanged();
    }
  };

  const startOver = () => {
    batch.clear();
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
                {files.map((f) => (
                  <BatchFileCard key={f.id} file={f} removable={!locked} onRemove={() => batch.remove(f.id)} />
                ))}
              </ul>
            </div>
          )}

          {phase !== 'done' && (
            <Button size="lg" className="w-full sm:w-auto sm:justify-self-start" onClick={() => void submit()} disabled={locked}>
              {phase === 'processing' ? (
                <>
                  <Spinner className="size-4" label={BATCH_MESSAGES.processing} /> {BATCH_MESSAGES.processing}
                </>
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
