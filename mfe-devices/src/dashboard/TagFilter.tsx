import { memo } from 'react';
import { useT } from '@paddock/shared/i18n';
import { dashboardTexts } from './messages';

/** docs/product/screens.md: tag filter chips; a click toggles a tag in or out of the filter. */
export const TagFilter = memo(function TagFilter({
  tags,
  selected,
  onToggle,
}: {
  tags: string[];
  selected: string[];
  onToggle: (tag: string) => void;
}) {
  const t = useT();
  if (tags.length === 0) return null;
  const label = t(dashboardTexts.messages.filterLabel);
  return (
    <div className="pd-chips" role="group" aria-label={label}>
      {tags.map((tag) => {
        const pressed = selected.includes(tag);
        return (
          <button
            key={tag}
            type="button"
            className={['pd-chip', pressed ? 'pd-chip--on' : ''].join(' ')}
            aria-pressed={pressed}
            onClick={() => onToggle(tag)}
          >
            {tag}
          </button>
        );
      })}
    </div>
  );
});
