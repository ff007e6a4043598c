import { FENCE } from '../../dashboard/pictureParts';

// Its card's drawing (dashboard/ProductPicture.tsx). The first FenceAlarm: a box on the fence with a bolt.
export const picture = (
  <>
    {FENCE}
    <rect x="31" y="16" width="13" height="18" rx="2" className="pd-picture__fill" />
    <path d="M38.5 19l-3.5 6h3l-1.5 6 4-7h-3z" fill="currentColor" />
  </>
);
