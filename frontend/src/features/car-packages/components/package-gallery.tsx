import { Car, Plus, Search } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { GALLERY_SKELETON_COUNT } from '@shared/limits';
import { INVENTORY_MESSAGES, MESSAGES } from '@shared/messages';
import { SESSION_STATUSES, statusText, type SessionStatus } from '@shared/statuses';
import { fieldClasses, Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useCarPackageGallery, type GalleryFilters } from '../api/car-packages';
import { PackageCard, PackageCardSkeleton } from './package-card';

const grid = 'grid gap-4 sm:grid-cols-2 xl:grid-cols-3';

/** The search waits for a pause in typing before it asks. */
const SEARCH_PAUSE_MS = 300;

/** A day picked in a date field (local), as the moment it starts; `after`: the moment it ends. */
const dayStart = (day: string, after = false) => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y!, m! - 1, d! + (after ? 1 : 0)).toISOString();
};

/** Find a car (issue 41, item 2): name, VIN (or its last 6) or stock number; status; created between two days. */
function GalleryFilterBar({ onChange }: { onChange: (filters: GalleryFilters) => void }) {
  const id = useId();
  const [text, setText] = useState('');
  const [status, setStatus] = useState<SessionStatus | ''>('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  useEffect(() => {
    const timer = setTimeout(
      () =>
        onChange({
          q: text.trim() || undefined,
          status: status || undefined,
          createdFrom: from ? dayStart(from) : undefined,
          // The "to" day is included: up to the start of the next day.
          createdTo: to ? dayStart(to, true) : undefined,
        }),
      SEARCH_PAUSE_MS,
    );
    return () => clearTimeout(timer);
    // The parent's setter is stable; the filters are what change.
  }, [text, status, from, to]);
  const rangeInvalid = Boolean(from && to && from > to);
  return (
    <div role="search" className="grid grid-cols-2 gap-3 rounded-xl border border-slate-200 bg-white p-3 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)]" aria-label={INVENTORY_MESSAGES.searchLabel}>
      <div className="col-span-2 grid gap-1 lg:col-span-1">
        <Label htmlFor={`${id}-q`}>{INVENTORY_MESSAGES.searchLabel}</Label>
        <div className="relative">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
          <Input id={`${id}-q`} type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder={INVENTORY_MESSAGES.searchPlaceholder} className="pl-9" autoComplete="off" spellCheck={false} data-testid="gallery-search" />
        </div>
      </div>
      <div className="col-span-2 grid gap-1 lg:col-span-1">
        <Label htmlFor={`${id}-status`}>Status</Label>
        <select id={`${id}-status`} value={status} onChange={(e) => setStatus(e.target.value as SessionStatus | '')} className={cn(fieldClasses, 'h-10')} data-testid="gallery-status">
          <option value="">Any status</option>
          {SESSION_STATUSES.map((s) => (
            <option key={s} value={s}>
              {statusText(s)}
            </option>
          ))}
        </select>
      </div>
      <div className="grid min-w-0 gap-1">
        <Label htmlFor={`${id}-from`}>Created from</Label>
        <Input id={`${id}-from`} type="date" className="min-w-0 px-2" value={from} onChange={(e) => setFrom(e.target.value)} max={to || undefined} />
      </div>
      <div className="grid min-w-0 gap-1">
        <Label htmlFor={`${id}-to`}>Created to</Label>
        <Input id={`${id}-to`} type="date" className="min-w-0 px-2" value={to} onChange={(e) => setTo(e.target.value)} min={from || undefined} aria-invalid={rangeInvalid || undefined} />
        {rangeInvalid && <p className="text-sm font-medium text-red-700">{INVENTORY_MESSAGES.dateRangeInvalid}</p>}
      </div>
    </div>
  );
}

/** My Car Packages: the search, skeletons while loading, an empty state, or the session cards with "Load more". */
export function PackageGallery({ onOpen, onCreate }: { onOpen: (id: string) => void; onCreate: () => void }) {
  const [filters, setFilters] = useState<GalleryFilters>({});
  const filtered = Object.values(filters).some(Boolean);
  const gallery = useCarPackageGallery(filters);
  // Shown once the dealer has packages (or is searching them): an empty account gets the invitation alone.
  const [everHad, setEverHad] = useState(false);
  const firstPageCount = gallery.data?.pages[0]?.packages.length ?? 0;
  useEffect(() => {
    if (firstPageCount > 0) setEverHad(true);
  }, [firstPageCount]);
  const bar = everHad || filtered ? <GalleryFilterBar onChange={setFilters} /> : null;

  useEffect(() => {
    if (gallery.isError) toast.error(MESSAGES.packageGalleryLoadFailed, { id: 'gallery-load-failed', description: gallery.error.message });
  }, [gallery.isError, gallery.error]);

  if (!gallery.data && !gallery.isError) {
    return (
      <div className={grid} aria-busy="true" aria-label="Loading car packages">
        {Array.from({ length: GALLERY_SKELETON_COUNT }, (_, i) => (
          <PackageCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  if (!gallery.data) {
    return (
      <Card className="grid justify-items-center gap-3 p-8 text-center">
        <p role="alert" className="font-medium text-red-700">
          {MESSAGES.packageGalleryLoadFailed}
        </p>
        <Button variant="outline" onClick={() => void gallery.refetch()}>
          Try again
        </Button>
      </Card>
    );
  }
  const packages = gallery.data.pages.flatMap((page) => page.packages);
  if (packages.length === 0 && filtered) {
    return (
      <div className="grid gap-6">
        {bar}
        <p role="status" className="rounded-xl border border-slate-200 bg-white p-6 text-center text-slate-700" data-testid="gallery-no-match">
          {INVENTORY_MESSAGES.noMatch}
        </p>
      </div>
    );
  }
  if (packages.length === 0) {
    return (
      <Card className="grid justify-items-center gap-4 px-6 py-12 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-brand-50">
          <Car className="size-7 text-brand-700" aria-hidden="true" />
        </span>
        <div>
          <h2 className="text-lg font-semibold text-slate-900">No car packages yet</h2>
          <p className="mt-1 text-slate-700">Upload photos of a car to get the studio angles they show, up to 8, for 1 credit.</p>
        </div>
        <Button onClick={onCreate}>
          <Plus aria-hidden="true" />
          Create Your First Package
        </Button>
      </Card>
    );
  }
  return (
    <div className="grid gap-6">
      {bar}
      <ul className={grid} aria-label="Car packages" aria-busy={gallery.isPlaceholderData || undefined}>
        {packages.map((summary) => (
          <li key={summary.id} className="min-w-0">
            <PackageCard summary={summary} onOpen={onOpen} />
          </li>
        ))}
      </ul>
      {gallery.hasNextPage && (
        <div className="flex justify-center">
          <Button variant="outline" onClick={() => void gallery.fetchNextPage()} disabled={gallery.isFetchingNextPage}>
            {gallery.isFetchingNextPage ? <Spinner label="Loading more car packages" className="size-4" /> : null}
            Load more
          </Button>
        </div>
      )}
    </div>
  );
}
