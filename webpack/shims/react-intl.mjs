// What the apps use of react-intl: the provider, the hook, and the message and number components.
//
// react-intl is a federated singleton, and a shared module cannot be tree-shaken (the build does not know which
// exports the other apps use), so sharing the real package ships every Formatted* component (dates, lists, durations,
// relative times with their timers) before every page, about 1 KB gzip (docs/architecture/README.md#budgets). This
// module is shared under the name `react-intl` instead, and the package is tree-shaken down to it. The build fails when
// an app imports a name missing here (see webpack/index.js), so add what you need.
export { FormattedMessage, FormattedNumber, IntlProvider, useIntl } from '@paddock/react-intl-package';
