import { Link } from 'react-router-dom';
import { PRODUCTS, registerPath } from '@paddock/shared/domain';
import { useT } from '@paddock/shared/i18n';
import { Icon, Page } from '@paddock/shared/ui';
import { useOfferedProducts } from '../common/variant';
import { DEVICE_PRODUCTS } from '../products';
import { HelpLink } from './HelpLink';
import { registerTexts } from './messages';

/** docs/product/screens.md /devices/register: one card per product the host's variant offers. */
export function RegisterChooser() {
  const t = useT();
  const offered = useOfferedProducts();
  return (
    <Page title={t(registerTexts.messages.chooserTitle)} subtitle={t(registerTexts.messages.chooserSubtitle)} back="/devices" actions={<HelpLink />}>
      <ul className="pd-register-grid" role="list" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {offered.map((product) => (
          <li key={product}>
            <Link className="pd-register-card" to={registerPath(product)}>
              <Icon icon={DEVICE_PRODUCTS[product].icon} size={32} />
              <span>{PRODUCTS[product].name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </Page>
  );
}
