// What the apps use of react-router-dom: the declarative router (<BrowserRouter>, <Routes>, hooks).
//
// react-router-dom is a federated singleton, and a shared module cannot be tree-shaken (the build does not know
// which exports the other apps use), so sharing the real package ships all of React Router 7 — data routers,
// SSR, cookies, sessions — about 60 KB gzip, far over the budget for /sign-in (docs/architecture/README.md#budgets). This module is shared
// under the name `react-router-dom` instead: it re-exports the declarative API, and react-router is tree-shaken
// down to that. The build fails when an app imports a name missing here (see webpack/index.js), so add what you
// need; the data-router API (createBrowserRouter, loaders, actions) is deliberately not offered.
export {
  BrowserRouter,
  HashRouter,
  MemoryRouter,
  Router,
  Routes,
  Route,
  Navigate,
  Link,
  NavLink,
  Outlet,
  NavigationType,
  createPath,
  createRoutesFromChildren,
  createRoutesFromElements,
  createSearchParams,
  generatePath,
  matchPath,
  matchRoutes,
  parsePath,
  renderMatches,
  resolvePath,
  useBeforeUnload,
  useHref,
  useInRouterContext,
  useLinkClickHandler,
  useLocation,
  useMatch,
  useNavigate,
  useNavigationType,
  useOutlet,
  useOutletContext,
  useParams,
  useResolvedPath,
  useRoutes,
  useSearchParams,
} from 'react-router';
