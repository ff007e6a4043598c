import { useT } from '@paddock/shared/i18n';
import { Icon, icons } from '@paddock/shared/ui';
import { registerHelpUrl } from '../common/support';
import { useVariant } from '../common/variant';
import { registerTexts } from './messages';

/** docs/product/screens.md: registration pages have a help icon linking to the support pages. */
export function HelpLink({ product }: { product?: string }) {
  const t = useT();
  const label = t(registerTexts.messages.help);
  const variant = useVariant();
  return (
    <a className="pd-register-help" href={registerHelpUrl(variant, product)} target="_blank" rel="noopener noreferrer" aria-label={label} title={label}>
      <Icon icon={icons.help} />
    </a>
  );
}
