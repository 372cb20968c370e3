import { useEffect } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';

export type CarPackagesTab = 'gallery' | 'upload';

/** The page of the car packages: the gallery (and the upload tab with ?tab=upload). */
export const CAR_PACKAGES_PATH = '/dashboard/car-packages';

/** A car package's own address: its detail, bookmarkable, opened by a reload or a link. */
export const carPackagePath = (id: string) => `${CAR_PACKAGES_PATH}/${encodeURIComponent(id)}`;

/**
 * Navigation state of a package's address. `fromGallery`: opened from the gallery just before, so Back to Sessions
 * goes back in history to it. `selectedSessionId`: an older way to open a package (state on /dashboard/car-packages),
 * moved to the package's address.
 */
export interface CarPackagesState {
  fromGallery?: boolean;
  selectedSessionId?: string;
}

const searchOf = (params: URLSearchParams) => {
  const text = params.toString();
  return text ? `?${text}` : '';
};

/**
 * The page's place in the address: /dashboard/car-packages/{id} opens that package's detail (in the gallery tab);
 * `?tab=upload` opens the upload tab (the gallery has no parameter), `&import=1` its import of many cars; a `reset` parameter (older sidebar links) is
 * removed.
 */
export function useCarPackagesNavigation() {
  const [params] = useSearchParams();
  const { packageId } = useParams<{ packageId?: string }>();
  const location = useLocation();
  const navigate = useNavigate();
  const state = (location.state ?? null) as CarPackagesState | null;
  const tab: CarPackagesTab = params.get('tab') === 'upload' ? 'upload' : 'gallery';
  const legacyId = !packageId && typeof state?.selectedSessionId === 'string' ? state.selectedSessionId : null;
  const resetting = params.has('reset');

  useEffect(() => {
    if (legacyId) {
      void navigate(carPackagePath(legacyId), { replace: true });
      return;
    }
    if (!resetting) return;
    const next = new URLSearchParams(params);
    next.delete('reset');
    void navigate({ search: searchOf(next) }, { replace: true, state: null });
  }, [legacyId, resetting, params, navigate]);

  const withTab = (value: CarPackagesTab) => {
    const next = new URLSearchParams(params);
    next.delete('reset');
    next.delete('import');
    if (value === 'upload') next.set('tab', 'upload');
    else next.delete('tab');
    return searchOf(next);
  };
  // "Import many cars" (issue 41, item 3): the upload tab's import screen, at ?tab=upload&import=1.
  const importing = tab === 'upload' && params.get('import') === '1';
  const withImport = (on: boolean) => {
    const next = new URLSearchParams(params);
    next.delete('reset');
    next.set('tab', 'upload');
    if (on) next.set('import', '1');
    else next.delete('import');
    return searchOf(next);
  };

  return {
    tab,
    /** The package whose detail is open (from the address), or null. */
    selectedSessionId: packageId ?? null,
    /** The import screen of many cars is open (in the upload tab). */
    importing,
    /** Opens or closes the import screen (a history entry: Back returns to the form). */
    setImporting: (on: boolean) => void navigate({ search: withImport(on) }),
    /** Choosing a tab sets or removes ?tab=upload; an open detail stays open in the gallery tab. */
    setTab: (value: CarPackagesTab) => void navigate({ search: withTab(value) }),
    /** Opens a package's detail at its own address (a new history entry, so the browser's Back returns). */
    openSession: (id: string) => void navigate(carPackagePath(id)),
    /** The same, from the gallery: Back to Sessions then goes back to it. */
    openFromGallery: (id: string) => void navigate(carPackagePath(id), { state: { fromGallery: true } satisfies CarPackagesState }),
    /** Back to the session cards: back in history when the gallery opened the package, else to the gallery's address. */
    closeSession: () => {
      if (state?.fromGallery) void navigate(-1);
      else void navigate(CAR_PACKAGES_PATH);
    },
    /** To the gallery in place of the package's address (it was deleted: Back must not return to it). */
    leaveSession: () => void navigate(CAR_PACKAGES_PATH, { replace: true }),
  };
}
