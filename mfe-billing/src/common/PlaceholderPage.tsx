import type { MessageDescriptor } from 'react-intl';
import { useT } from '@paddock/shared/i18n';
import { Card, Page } from '@paddock/shared/ui';

/** A page of this remote that is not built yet: its title and a line on what it will show. */
export function PlaceholderPage({ title, text }: { title: MessageDescriptor; text: MessageDescriptor }) {
  const t = useT();
  return (
    <Page title={t(title)} narrow>
      <Card>
        <p>{t(text)}</p>
      </Card>
    </Page>
  );
}
