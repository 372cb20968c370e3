import { ArrowLeft, FolderOpen, FolderUp, Sparkles } from 'lucide-react';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { useDropzone } from 'react-dropzone';
import { carsCovered, IMPORT_NAME_EXAMPLE } from '@shared/bulk-import';
import { DEFAULT_BACKGROUND, type Background } from '@shared/backgrounds';
import { MAX_IMPORT_CARS, MAX_IMPORT_PHOTOS } from '@shared/limits';
import { IMPORT_MESSAGES } from '@shared/messages';
import { BackgroundPicker } from '@/components/background-picker/background-picker';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { useCarImport, type ImportCar } from '../hooks/use-car-import';
import { ImportCarCard, reviewCar } from './import-car-card';

const LEAVE_OUT = 'leave-out';

/**
 * "Import many cars" (issue 41, item 3): a folder or a zip of a day's shoot named by car becomes one draft per car,
 * each checked as the form checks its photos, reviewed together and started together for 1 credit per car (the total
 * said before paying; a balance that covers only some says which). Loaded only when opened (it brings the zip reader).
 */
export default function ImportManyCars({ credits, buyCredits, onBack, onCreditsChanged }: {
  credits?: number;
  buyCredits?: ReactNode;
  onBack: () => void;
  onCreditsChanged?: () => void;
}) {
  const imp = useCarImport({ onCreditsChanged });
  const [background, setBackground] = useState<Background>(DEFAULT_BACKGROUND);
  const { stage, cars, loose, refused, starting } = imp;
  const reviews = useMemo(() => new Map(cars.map((c) => [c.id, reviewCar(c)])), [cars]);
  const open = cars.filter((c) => c.status !== 'started');
  const ready = open.filter((c) => reviews.get(c.id)?.readiness.ready);
  const { start, wait } = carsCovered(ready, credits);
  const willStart = new Set(start.map((c) => c.id));
  const started = cars.filter((c) => c.status === 'started');
  // Progress over the whole import: photos checked, then photos sent.
  const toCheck = cars.flatMap((c) => c.photos.filter((p) => !p.leftOut));
  const checked = toCheck.filter((p) => p.check.status !== 'checking').length;
  const sending = cars.filter((c) => c.status === 'uploading' || c.status === 'starting' || (starting && willStart.has(c.id)));
  const toSend = sending.flatMap((c) => reviews.get(c.id)?.sent ?? []);
  const sent = toSend.filter((p) => (p.uploaded ?? 0) >= 1).length;

  return (
    <Card data-testid="import-many-cars">
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="grid gap-1.5">
            <CardTitle>Import many cars</CardTitle>
            <CardDescription>
              A day's shoot in one go: drop a folder or a zip of photos named by car, the VIN or stock number and then a number ({IMPORT_NAME_EXAMPLE},
              A1234-2.jpg). Each car becomes a draft; check them together and start them together, 1 credit per car. Up to {MAX_IMPORT_CARS} cars and{' '}
              {MAX_IMPORT_PHOTOS} photos per import.
            </CardDescription>
          </div>
          <Button type="button" variant="outline" onClick={onBack} disabled={starting}>
            <ArrowLeft aria-hidden="true" />
            Back to one car
          </Button>
        </div>
      </CardHeader>
      <CardContent className="grid gap-6">
        <div className="md:max-w-sm">
          <BackgroundPicker label="Background Style (every car)" value={background} onChange={setBackground} disabled={starting} />
        </div>

        {(stage.step === 'empty' || stage.step === 'refused') && <ImportDropArea onFiles={(files) => void imp.importFiles(files)} />}
        {stage.step === 'refused' && (
          <p role="alert" className="rounded-xl border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-800" data-testid="import-refused">
            {stage.message}
          </p>
        )}
        {stage.step === 'reading' && (
          <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
            <Spinner label="Reading the photos" className="size-4" />
            Reading the photos{stage.total > 0 ? ` (${stage.done} of ${stage.total})` : ''}…
          </p>
        )}

        {stage.step === 'review' && (
          <>
            <div className="grid gap-2 rounded-xl border border-slate-200 bg-slate-50 p-3" data-testid="import-progress">
              <p className="text-sm font-medium text-slate-900" role="status">
                {cars.length} {cars.length === 1 ? 'car' : 'cars'} · {toSend.length > 0 ? `sent ${sent} of ${toSend.length} photos` : `checked ${checked} of ${toCheck.length} photos`}
                {started.length > 0 && ` · ${IMPORT_MESSAGES.started(started.length)}`}
              </p>
              <Progress
                value={toSend.length > 0 ? sent : checked}
                max={toSend.length > 0 ? toSend.length : toCheck.length}
                label={toSend.length > 0 ? 'Photos sent' : 'Photos checked'}
              />
            </div>

            {loose.length > 0 && (
              <section aria-labelledby="import-not-grouped" className="grid gap-3 rounded-xl border border-amber-300 bg-amber-50 p-3" data-testid="import-not-grouped">
                <h3 id="import-not-grouped" className="text-base font-semibold text-amber-950">
                  Not grouped ({loose.length})
                </h3>
                <p className="text-sm text-amber-950">{IMPORT_MESSAGES.notGroupedHint(IMPORT_NAME_EXAMPLE)}</p>
                <ul className="grid gap-2">
                  {loose.map((l) => (
                    <li key={l.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-white p-2">
                      <span className="min-w-0 text-sm font-medium break-all text-slate-900">{l.file.name}</span>
                      <Select value="" onValueChange={(value) => imp.assignLoose(l.id, value === LEAVE_OUT ? null : value)} disabled={starting}>
                        <SelectTrigger className="h-9 w-full text-sm sm:w-64" aria-label={`Car of ${l.file.name}`}>
                          <SelectValue placeholder="Choose its car…" />
                        </SelectTrigger>
                        <SelectContent>
                          {cars.map((c, i) => (
                            <SelectItem key={c.id} value={c.id} disabled={c.status === 'started'}>
                              Car {i + 1}: {c.name}
                            </SelectItem>
                          ))}
                          <SelectItem value={LEAVE_OUT}>{IMPORT_MESSAGES.leaveOut}</SelectItem>
                        </SelectContent>
                      </Select>
                    </li>
                  ))}
                </ul>
              </section>
            )}

            {refused.length > 0 && (
              <section aria-labelledby="import-not-sent" className="grid gap-2 rounded-xl border border-slate-200 p-3" data-testid="import-not-sent">
                <h3 id="import-not-sent" className="text-base font-semibold text-slate-900">
                  Not imported ({refused.length})
                </h3>
                <ul className="grid gap-1 text-sm">
                  {refused.map((r, i) => (
                    <li key={`${r.name}-${i}`} className="text-slate-800">
                      <span className="font-medium break-all">{r.name}</span>: {r.reason}
                    </li>
                  ))}
                </ul>
              </section>
            )}

            <ol className="grid gap-4" aria-label="Cars in this import">
              {cars.map((car, index) => (
                <ImportCarCard
                  key={car.id}
                  car={car}
                  index={index}
                  busy={starting}
                  willStart={reviews.get(car.id)?.readiness.ready ? willStart.has(car.id) : undefined}
                  onName={(name, typed) => imp.setName(car.id, name, typed)}
                  onAngle={imp.setAngle}
                  onLeftOut={imp.setLeftOut}
                  onConfirmSameCar={imp.confirmSameCar}
                />
              ))}
            </ol>

            <StartPanel
              open={open}
              ready={ready}
              start={start}
              wait={wait}
              credits={credits}
              buyCredits={buyCredits}
              starting={starting}
              onStart={() => void imp.startCars(start.map((c) => c.id), background)}
              allStarted={cars.length > 0 && open.length === 0}
              onAnother={imp.reset}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** The total before paying, which cars the balance starts and which wait, and the one action that starts them. */
function StartPanel({ open, ready, start, wait, credits, buyCredits, starting, onStart, allStarted, onAnother }: {
  open: ImportCar[];
  ready: ImportCar[];
  start: ImportCar[];
  wait: ImportCar[];
  credits?: number;
  buyCredits?: ReactNode;
  starting: boolean;
  onStart: () => void;
  allStarted: boolean;
  onAnother: () => void;
}) {
  const notReady = open.length - ready.length;
  if (allStarted)
    return (
      <div className="grid gap-3 rounded-xl border border-emerald-300 bg-emerald-50 p-3" data-testid="import-done">
        <p role="status" className="font-semibold text-emerald-950">
          Every car of this import is started. Each package shows in My Car Packages as it renders.
        </p>
        <Button type="button" variant="outline" className="justify-self-start" onClick={onAnother}>
          Import more cars
        </Button>
      </div>
    );
  return (
    <section aria-labelledby="import-start" className="sticky bottom-0 grid gap-3 rounded-xl border border-brand-200 bg-white p-3 shadow-lg sm:p-4" data-testid="import-start">
      <h3 id="import-start" className="text-base font-semibold text-slate-900">
        {ready.length} of {open.length} {open.length === 1 ? 'car' : 'cars'} ready to start
        {notReady > 0 && <span className="font-normal text-slate-700"> · {notReady === 1 ? '1 car needs' : `${notReady} cars need`} a look (said on the car)</span>}
      </h3>
      {credits !== undefined && ready.length > 0 && credits < ready.length && (
        <div role="status" className="grid gap-1 text-sm text-amber-950" data-testid="import-credits-short">
          <p className="font-medium">{credits === 0 ? IMPORT_MESSAGES.noCredits(ready.length) : IMPORT_MESSAGES.creditsShort(credits, ready.length)}</p>
          {start.length > 0 && <p>Would start: {start.map((c) => c.name).join(', ')}.</p>}
          <p>Would wait: {wait.map((c) => c.name).join(', ')}.</p>
        </div>
      )}
      <div className="flex flex-wrap items-center gap-3">
        {start.length > 0 && (
          <Button type="button" size="lg" onClick={onStart} disabled={starting} className="h-auto min-h-12 py-3 whitespace-normal" data-testid="import-start-button">
            {starting ? <Spinner label="Starting the cars" className="size-5" /> : <Sparkles aria-hidden="true" />}
            {starting ? 'Starting the cars…' : IMPORT_MESSAGES.creditsTotal(start.length)}
          </Button>
        )}
        {credits !== undefined && credits < ready.length && !starting && buyCredits}
      </div>
    </section>
  );
}

/** Drop a folder or a zip, or choose photos, a zip, or a folder. Every file is taken: the import says what it refuses. */
function ImportDropArea({ onFiles }: { onFiles: (files: File[]) => void }) {
  const dropzone = useDropzone({ multiple: true, noClick: true, noKeyboard: true, onDrop: (accepted) => accepted.length > 0 && onFiles(accepted) });
  const folderInput = useRef<HTMLInputElement>(null);
  const { isDragActive } = dropzone;
  return (
    <div
      {...dropzone.getRootProps({
        className: cn(
          'flex flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed px-4 py-8 text-center',
          isDragActive ? 'border-brand-600 bg-brand-50' : 'border-slate-300 bg-slate-50',
        ),
      })}
      data-testid="import-drop-zone"
    >
      <input {...dropzone.getInputProps({ 'aria-label': 'Photos or a zip of many cars' } as Parameters<typeof dropzone.getInputProps>[0])} data-testid="import-input" />
      <input
        ref={folderInput}
        type="file"
        multiple
        hidden
        aria-label="A folder of many cars"
        {...({ webkitdirectory: '' } as Record<string, string>)}
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
        data-testid="import-folder-input"
      />
      <FolderUp className={cn('size-10', isDragActive ? 'text-brand-700' : 'text-slate-400')} aria-hidden="true" />
      <p className="font-semibold text-slate-900">{isDragActive ? 'Drop the day’s photos here' : 'Drag & drop a folder or a zip of the day’s photos'}</p>
      <p className="text-sm text-slate-600">JPG, PNG or WebP, named like {IMPORT_NAME_EXAMPLE} • 10 MB each</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button type="button" variant="outline" onClick={dropzone.open}>
          Choose photos or a zip
        </Button>
        <Button type="button" variant="outline" onClick={() => folderInput.current?.click()}>
          <FolderOpen aria-hidden="true" />
          Choose a folder
        </Button>
      </div>
    </div>
  );
}
