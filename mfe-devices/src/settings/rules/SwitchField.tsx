import { Checkbox } from '@paddock/shared/ui';

export interface SwitchFieldProps {
  name: string;
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/** A plug's on/off setting (its beep, its auditory feedback): a checkbox that reads as a switch. */
export function SwitchField({ onChange, ...props }: SwitchFieldProps) {
  return <Checkbox role="switch" {...props} onChange={(e) => onChange(e.target.checked)} />;
}
