import { CircleCheck, CircleX, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { ANGLE_LABELS, type Angle } from '@shared/angles';
import { MESSAGES } from '@shared/messages';
import type { TrialPhotoVerdict } from '@shared/schemas/trial';
import { anglesGiven, TRIAL_CHECK_MESSAGES } from '@shared/trial-photo-checks';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { ApiError } from '@/lib/api-error';
import { uploadByPresignedPost } from '@/lib/presigned-post-upload';
import { completeTrialUploads, requestTrialUploads } from '../api/trial';
import { TrialDropZone } from './trial-drop-zone';

interface Selected {
  id: string;
  file: File;
  preview: string;
  progress: number;
  /** The server's checks of this photo, once uploaded. */
  verdict?: TrialPhotoVerdict;
}

type Usable = Selected & { verdict: Extract<TrialPhotoVerdict, { car: true }> };

const sizeMb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
const photos = (n: number) => (n === 1 ? '1 photo' : `${n} photos`);
let nextId = 0;

/**
 * Step 1: choose up to 10 photos (previews, removal, Clear all), upload them with a progress bar each; the server checks
 * each one (a car, the angle it shows, which car) and its verdict goes on its row. The account step follows only when
 * the photos kept show one car: photos of different cars are narrowed to one car first (decisions.md, turn 4).
 */
export function TrialUploadStep({ token, onUploaded }: { token: string | undefined; onUploaded: (count: number, angles: Angle[]) => void }) {
  const [files, setFiles] = useState<Selected[]>([]);
  const [uploading, setUploading] = useState(false);
  /** The rows the server kept at the last check (its trial photos), by row id; null before any check. */
  const [kept, setKept] = useState<readonly string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Previews are object URLs: released on removal, on Clear all and when the step goes away.
  const previews = useRef(new Set<string>());
  useEffect(() => {
    const urls = previews.current;
    return () => urls.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  const release = (items: Selected[]) =>
    items.forEach((s) => {
      URL.revokeObjectURL(s.preview);
      previews.current.delete(s.preview);
    });

  const add = (added: File[]) =>
    setFiles((current) => [
      ...current,
      ...added.map((file) => {
        const preview = URL.createObjectURL(file);
        previews.current.add(preview);
        return { id: `trial-file-${nextId++}`, file, preview, progress: 0 };
      }),
    ]);
  const removeWhere = (drop: (s: Selected) => boolean) =>
    setFiles((current) => {
      release(current.filter(drop));
      return current.filter((s) => !drop(s));
    });
  const remove = (id: string) => removeWhere((s) => s.id === id);
  const clear = () => removeWhere(() => true);

  const usable = files.filter((s): s is Usable => s.verdict?.car === true);
  const unchecked = files.filter((s) => !s.verdict);
  /** What is sent on the next upload: every photo but those refused (they would be refused again). */
  const toSend = files.filter((s) => s.verdict?.car !== false);
  const groups = [...new Set(usable.map((s) => s.verdict.car_group))].sort((a, b) => a - b);
  const keptNow = kept !== null && kept.length === usable.length && usable.every((s) => kept.includes(s.id));
  const ready = unchecked.length === 0 && usable.length > 0 && groups.length === 1 && keptNow;
  const differentCars = unchecked.length === 0 && groups.length > 1;
  const angles = anglesGiven(usable.map((s) => s.verdict.angle));

  async function upload() {
    if (!token) {
      toast.error(MESSAGES.noTrialToken.title, { description: MESSAGES.noTrialToken.description });
      return;
    }
    if (toSend.length === 0) {
      toast.error(MESSAGES.noPhotosSelectedTitle, { description: MESSAGES.noPhotosTrial });
      return;
    }
    const sending = toSend;
    const ids = new Set(sending.map((s) => s.id));
    setUploading(true);
    setError(null);
    setFiles((current) => current.map((s) => (ids.has(s.id) ? { ...s, progress: 0 } : s)));
    try {
      const { uploads } = await requestTrialUploads(token, sending.map((s) => s.file));
      await Promise.all(
        uploads.map((target, i) =>
          uploadByPresignedPost(
            target,
            sending[i]!.file,
            (fraction) => setFiles((current) => current.map((s) => (s.id === sending[i]!.id ? { ...s, progress: fraction } : s))),
            MESSAGES.trialUploadFailedFallback,
          ),
        ),
      );
      const done = await completeTrialUploads(token);
      const verdicts = new Map(sending.map((s, i) => [s.id, done.photos[i]]));
      setFiles((current) => current.map((s) => (verdicts.has(s.id) ? { ...s, verdict: verdicts.get(s.id) } : s)));
      setKept(sending.filter((s) => done.photos[sending.indexOf(s)]?.car === true).map((s) => s.id));
      setError(done.error);
    } catch (failure) {
      toast.error(MESSAGES.trialUploadFailedTitle, { description: failure instanceof ApiError && failure.status > 0 ? failure.message : MESSAGES.trialUploadFailedFallback });
    } finally {
      setUploading(false);
    }
  }

  const label = uploading
    ? `Uploading ${photos(toSend.length)}...`
    : ready
      ? `Continue with ${photos(usable.length)}`
      : differentCars
        ? 'Keep one car to continue'
        : toSend.length === 0
          ? 'Upload Photos'
          : `Upload ${photos(toSend.length)}`;

  return (
    // grid-cols-1 (minmax(0, 1fr)): a long file name truncates instead of widening the page on a phone.
    <div className="grid grid-cols-1 gap-4">
      <TrialDropZone count={files.length} disabled={uploading} onAdd={add} />
      {files.length > 0 && (
        <div className="grid grid-cols-1 gap-3">
          <div className="flex items-center justify-between gap-2">
            <p className="text-sm font-medium text-slate-900">{files.length === 1 ? '1 photo selected' : `${files.length} photos selected`}</p>
            <Button variant="ghost" size="sm" onClick={clear} disabled={uploading}>
              Clear all
            </Button>
          </div>
          {differentCars && (
            <div role="alert" className="grid grid-cols-1 gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" data-testid="trial-keep-one-car">
              <p className="font-medium">{TRIAL_CHECK_MESSAGES.differentCars(groups.length)}</p>
              <div className="flex flex-wrap gap-2">
                {groups.map((g) => {
                  const own = usable.filter((s) => s.verdict.car_group === g);
                  return (
                    <Button key={g} variant="outline" size="sm" className="h-auto min-h-9 whitespace-normal bg-white" onClick={() => removeWhere((s) => s.verdict?.car === true && s.verdict.car_group !== g)}>
                      Keep car {g} ({photos(own.length)})
                    </Button>
                  );
                })}
              </div>
            </div>
          )}
          <ul className="grid grid-cols-1 gap-2" aria-label="Selected photos">
            {files.map((s) => (
              <li key={s.id} className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white p-2">
                <img src={s.preview} alt={`Preview of ${s.file.name}`} className="size-14 shrink-0 rounded object-cover" />
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-slate-900">{s.file.name}</p>
                  <p className="text-xs text-slate-600">{sizeMb(s.file.size)}</p>
                  {uploading && !s.verdict && <Progress value={Math.round(s.progress * 100)} label={`Uploading ${s.file.name}`} className="mt-1" />}
                  <PhotoVerdict verdict={s.verdict} showCar={groups.length > 1} />
                </div>
                <Button variant="ghost" size="icon" onClick={() => remove(s.id)} disabled={uploading} aria-label={`Remove ${s.file.name}`}>
                  <X aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
          {usable.length > 0 && groups.length === 1 && (
            <p className="text-sm text-slate-800" data-testid="trial-angles">
              {TRIAL_CHECK_MESSAGES.anglesGiven(angles)}
            </p>
          )}
          {error && usable.length === 0 && unchecked.length === 0 && (
            <p role="alert" className="text-sm text-red-800">
              {error}
            </p>
          )}
        </div>
      )}
      <Button
        size="lg"
        className="h-auto min-h-12 whitespace-normal"
        onClick={() => (ready ? onUploaded(usable.length, angles) : void upload())}
        disabled={uploading || differentCars || (files.length > 0 && toSend.length === 0)}
      >
        {label}
      </Button>
    </div>
  );
}

/** A photo's verdict on its row: the angle it shows (and which car, when they differ), or why it is not used. */
function PhotoVerdict({ verdict, showCar }: { verdict: TrialPhotoVerdict | undefined; showCar: boolean }) {
  if (!verdict) return null;
  if (!verdict.car) {
    return (
      <p className="mt-1 flex items-start gap-1 text-xs text-red-800">
        <CircleX className="mt-px size-3.5 shrink-0" aria-hidden="true" />
        <span>Not used: {verdict.reason}</span>
      </p>
    );
  }
  return (
    <p className="mt-1 flex flex-wrap items-center gap-1 text-xs text-green-800">
      <CircleCheck className="size-3.5 shrink-0" aria-hidden="true" />
      <span>
        {ANGLE_LABELS[verdict.angle]}
        {verdict.low_confidence ? ' (not sure)' : ''}
      </span>
      {showCar && <span className="rounded bg-slate-100 px-1.5 py-0.5 font-medium text-slate-800">Car {verdict.car_group}</span>}
    </p>
  );
}
