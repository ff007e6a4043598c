// The registration pages, loaded on first visit with their own texts (the dashboard's JS stays small).
import { Navigate, useParams } from 'react-router-dom';
import { isOffered, isProductId } from '@paddock/shared/domain';
import { Translations } from '@paddock/shared/i18n';
import { useVariant } from '../common/variant';
import { RegisterChooser } from './RegisterChooser';
import { RegisterDevice } from './RegisterDevice';
import { registerTexts } from './messages';

const REGISTER_TRANSLATIONS = [registerTexts];

export function RegisterChooserPage() {
  return (
    <Translations translations={REGISTER_TRANSLATIONS}>
      <RegisterChooser />
    </Translations>
  );
}

/** /devices/register/{product}; a product this host does not offer goes back to the chooser. */
export function RegisterDevicePage() {
  const { product } = useParams();
  const variant = useVariant();
  if (!isProductId(product) || !isOffered(variant, product)) return <Navigate to="/devices/register" replace />;
  return (
    <Translations translations={REGISTER_TRANSLATIONS}>
      <RegisterDevice key={product} product={product} />
    </Translations>
  );
}
