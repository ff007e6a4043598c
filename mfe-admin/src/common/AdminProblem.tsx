import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { useT } from '@paddock/shared/i18n';
import { requireRouteParam, type RouteParamName } from '@paddock/shared/domain';
import { Alert, Card, Page } from '@paddock/shared/ui';
import { adminCommonTexts } from './messages';

/** A page that cannot be shown: what went wrong, with the way back to `back`. */
export function AdminProblem({ title, back, children }: { title: string; back: string; children: ReactNode }) {
  return (
    <Page title={title} back={back} narrow>
      <Card>
        <Alert>{children}</Alert>
      </Card>
    </Page>
  );
}

/** Renders `children(value)` with the route parameter `name`, or the route guard's error state when it is missing. */
export function WithParam({
  name,
  back,
  children,
}: {
  name: RouteParamName;
  back: string;
  children: (value: string) => ReactNode;
}) {
  const t = useT();
  const params = useParams();
  let value: string;
  try {
    value = requireRouteParam(params, name);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return (
      <AdminProblem title={t(adminCommonTexts.messages.linkProblem)} back={back}>
        {t(adminCommonTexts.messages.missingParam, { detail })}
      </AdminProblem>
    );
  }
  return <>{children(value)}</>;
}
