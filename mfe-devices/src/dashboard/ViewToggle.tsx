import { memo } from 'react';
import { useT } from '@paddock/shared/i18n';
import { dashboardTexts } from './messages';
import type { DashboardView } from './viewChoice';

const m = dashboardTexts.messages;

/** docs/product/screens.md /devices: Compact | Detailed, two pressed-state buttons in a labelled group (one is always pressed). */
export const ViewToggle = memo(function ViewToggle({ view, onChange }: { view: DashboardView; onChange: (view: DashboardView) => void }) {
  const t = useT();
  const option = (value: DashboardView, label: string) => (
    <button
      type="button"
      className={['pd-view-toggle__option', view === value ? 'pd-view-toggle__option--on' : ''].join(' ').trim()}
      aria-pressed={view === value}
      onClick={() => onChange(value)}
    >
      {label}
    </button>
  );
  return (
    <div className="pd-view-toggle" role="group" aria-label={t(m.viewLabel)}>
      {option('compact', t(m.viewCompact))}
      {option('detailed', t(m.viewDetailed))}
    </div>
  );
});
