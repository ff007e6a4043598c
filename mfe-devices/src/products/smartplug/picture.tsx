import { STROKE } from '../../dashboard/pictureParts';

// Its card's drawing (dashboard/ProductPicture.tsx). SmartPlug: a round plug with two pins.
export const picture = (
  <>
    <circle cx="24" cy="24" r="16" className="pd-picture__fill" />
    <circle {...STROKE} cx="24" cy="24" r="16" />
    <circle cx="18" cy="24" r="2.5" fill="currentColor" />
    <circle cx="30" cy="24" r="2.5" fill="currentColor" />
  </>
);
