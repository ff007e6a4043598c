import { useAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { dashboardViewAtom } from '@paddock/shared/session';

export type DashboardView = 'compact' | 'detailed';

/** docs/product/screens.md /devices: up to this width the dashboard starts compact (a phone), wider it starts detailed. */
const NARROW_SCREEN_QUERY = '(max-width: 600px)';

function narrowScreen(): boolean {
  if (typeof window.matchMedia === 'function') return window.matchMedia(NARROW_SCREEN_QUERY).matches;
  return window.innerWidth <= 600;
}

/**
 * The dashboard's view: the one chosen in this browser (kept with the other UI choices in the session store's
 * storage), else compact on a narrow screen and detailed on a wider one, following the screen (a phone turned).
 */
export function useDashboardView(): [DashboardView, (view: DashboardView) => void] {
  const [chosen, setChosen] = useAtom(dashboardViewAtom);
  const [narrow, setNarrow] = useState(narrowScreen);
  useEffect(() => {
    if (chosen !== null || typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(NARROW_SCREEN_QUERY);
    const onChange = () => setNarrow(query.matches);
    onChange();
    query.addEventListener?.('change', onChange);
    return () => query.removeEventListener?.('change', onChange);
  }, [chosen]);
  const view: DashboardView = chosen === 'compact' || chosen === 'detailed' ? chosen : narrow ? 'compact' : 'detailed';
  return [view, setChosen];
}
