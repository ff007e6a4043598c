import { PlaceholderPage } from '../common/PlaceholderPage';
import { warrantiesTexts } from './messages';

/** /warranties (docs/product/screens.md): the list and registration form come later; a placeholder for now. */
export function Warranties() {
  return <PlaceholderPage title={warrantiesTexts.messages.title} text={warrantiesTexts.messages.empty} />;
}
