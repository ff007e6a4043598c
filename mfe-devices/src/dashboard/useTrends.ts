import { useEffect, useState } from 'react';
import { devicesApi } from '@paddock/shared/api';
import type { DeviceTrend } from '@paddock/shared/contract';

/** How often the trend lines are read again while the dashboard is shown (a bucket is 10 minutes). */
export const TRENDS_REFRESH_MS = 5 * 60_000;

export interface Trends {
  /** The points of each device that reported in the window, by key. */
  byKey: ReadonlyMap<string, DeviceTrend['Points']>;
  /** The end of the window, in ms. */
  end: number;
}

/**
 * The dashboard's trend lines (docs/product/screens.md /devices): one call for every card, once the cards are shown
 * and again every few minutes. Quiet: no overlay, no toast, and a failure only leaves the lines out.
 */
export function useTrends(userId: string | null, enabled: boolean): Trends | null {
  const [trends, setTrends] = useState<Trends | null>(null);
  useEffect(() => {
    if (!userId || !enabled) return;
    let stopped = false;
    const load = () =>
      devicesApi.trends(userId, { background: true, silent: true, optional: true }).then(
        (reply) => {
          if (!stopped) setTrends({ byKey: new Map(reply.Trends.map((trend) => [trend.Key, trend.Points])), end: Date.parse(reply.To) });
        },
        () => undefined,
      );
    void load();
    const timer = setInterval(() => void load(), TRENDS_REFRESH_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [userId, enabled]);
  return trends;
}
