import { useEffect } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';

export type CarPackagesTab = 'gallery' | 'upload';

/** Navigation state of /dashboard/car-packages: the session whose detail is open. */
export interface CarPackagesState {
  selectedSessionId?: string;
}

const searchOf = (params: URLSearchParams) => {
  const text = params.toString();
  return text ? `?${text}` : '';
};

/**
 * The page's place in the address: `?tab=upload` opens the upload tab (the gallery has no parameter); a `reset`
 * parameter (the sidebar link) drops the selected session and is then removed; the selected session travels in
 * navigation state (`selectedSessionId`), so the overview can open one and a reload keeps it open.
 */
export function useCarPackagesNavigation() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const state = (location.state ?? null) as CarPackagesState | null;
  const tab: CarPackagesTab = params.get('tab') === 'upload' ? 'upload' : 'gallery';
  const selectedSessionId = typeof state?.selectedSessionId === 'string' ? state.selectedSessionId : null;
  const resetting = params.has('reset');

  useEffect(() => {
    if (!resetting) return;
    const next = new URLSearchParams(params);
    next.delete('reset');
    void navigate({ search: searchOf(next) }, { replace: true, state: null });
  }, [resetting, params, navigate]);

  const withTab = (value: CarPackagesTab) => {
    const next = new URLSearchParams(params);
    next.delete('reset');
    if (value === 'upload') next.set('tab', 'upload');
    else next.delete('tab');
    return searchOf(next);
  };

  return {
    tab,
    /** Null while a reset is being applied. */
    selectedSessionId: resetting ? null : selectedSessionId,
    /** Choosing a tab sets or removes ?tab=upload; an open detail stays open in the gallery tab. */
    setTab: (value: CarPackagesTab) => void navigate({ search: withTab(value) }, { state }),
    /** Opens a session's detail in the gallery tab (a new history entry, so the browser's Back returns). */
    openSession: (id: string) => void navigate({ search: withTab('gallery') }, { state: { selectedSessionId: id } satisfies CarPackagesState }),
    /** Back to the session cards. */
    closeSession: () => void navigate({ search: withTab('gallery') }, { replace: true, state: null }),
  };
}
