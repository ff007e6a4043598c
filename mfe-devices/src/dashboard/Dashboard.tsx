import { useAtomValue } from 'jotai';
import { lazy, startTransition, Suspense, useCallback, useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  PRODUCT_IDS,
  PRODUCT_RULES,
  PUSH_PROMPT_DELAY_MS,
  allDevices,
  dashboardTags,
  devicesNeedingAttention,
  groupDevices,
  matchesTagFilter,
  toggleTag,
} from '@paddock/shared/domain';
import { isNativeApp, usePrices } from '@paddock/shared/api';
import { useT } from '@paddock/shared/i18n';
import { activeUserAtom, impersonatingAtom } from '@paddock/shared/session';
import { Alert, Button, Card, Icon, IconButton, Page, icons } from '@paddock/shared/ui';
import { rememberLastDevice } from '../common/lastDevice';
import { CompactDeviceCard } from './CompactDeviceCard';
import { DeviceCard, cardId } from './DeviceCard';
import { AppOfflineContext, onPaddockPage } from './offline/appOffline';
import { OfflineBanner } from './offline/OfflineBanner';
import { TagFilter } from './TagFilter';
import { dashboardTexts } from './messages';
import { useDeviceList } from './useDeviceList';
import { useTrends } from './useTrends';
import { useDashboardView } from './viewChoice';
import { ViewToggle } from './ViewToggle';
import { useEmbedded } from '../embed/embedded';
import { useOfferedProducts } from '../common/variant';

export const REGISTER_PATH = '/devices/register';
const m = dashboardTexts.messages;
// Its own chunk, fetched after the cards show: the dashboard's JS stays within its budget (docs/architecture/README.md#budgets).
const PushPrompt = lazy(() => import('../push/PushPrompt'));
// In the native app the platform asks for the permission: registration alone (docs/product/native-app.md).
const NativePush = lazy(() => import('../native/NativePush'));
// docs/product/devices.md "Transfers": offers to this farmer, above the cards; its own chunk, after the cards.
const IncomingTransfers = lazy(() => import('../transfers/IncomingTransfers'));
// docs/product/energy.md "On the dashboard": this month's energy of the account's plugs; its own chunk, after the cards.
const EnergyTotal = lazy(() => import('../energy/EnergyTotal'));

/**
 * Cards in the first render: more than the window shows at once, counted with cards narrower and shorter than any
 * (the grid's columns are at least 19rem, devices.css; a compact card is at least 56 px tall). A farmer with hundreds
 * of devices sees the first cards without waiting for all of them (issue 15, docs/architecture/README.md#budgets);
 * the rest follow below them in steps, so nothing shown moves.
 */
export function firstCards(width = window.innerWidth, height = window.innerHeight, cardHeight = 160): number {
  return Math.max(1, Math.floor(width / 240)) * (Math.ceil(height / cardHeight) + 1);
}

/** The shortest card of each view, for firstCards. */
const CARD_HEIGHT = { compact: 56, detailed: 160 } as const;

/** Runs `run` once the browser has laid out what was just rendered (the next frame). */
function afterLayout(run: () => void) {
  if (typeof window.requestAnimationFrame === 'function') window.requestAnimationFrame(run);
  else setTimeout(run, 0);
}

/**
 * Scrolls `card` fully into view (issue 30: after Save it landed half off-screen): centred when it fits between the
 * navbar and the bottom (its scroll margin, devices.css, keeps it clear of the sticky navbar), else its top at the top.
 * Smoothly only when the list just arrived and motion is welcome; coming back, the list shows with the card in place.
 */
function bringIntoView(card: HTMLElement, atOnce: boolean) {
  if (!card.isConnected) return;
  const reduced = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const margin = parseFloat(getComputedStyle(card).scrollMarginTop) || 0;
  const fits = card.getBoundingClientRect().height + 2 * margin <= window.innerHeight;
  card.scrollIntoView?.({ block: fits ? 'center' : 'start', behavior: reduced || atOnce ? 'auto' : 'smooth' });
}

/** Cards rendered in each later step: each a small render of its own that yields to the browser (no long task). */
export const CARDS_PER_STEP = 24;

/** How many cards (in page order) to render: firstCards(), then a step more after each paint until all `total` are there. */
function useShownCards(total: number, cardHeight: number): number {
  const [shown, setShown] = useState(() => firstCards(window.innerWidth, window.innerHeight, cardHeight));
  useEffect(() => {
    if (shown >= total) return;
    const timer = setTimeout(() => startTransition(() => setShown((n) => n + CARDS_PER_STEP)), 0);
    return () => clearTimeout(timer);
  }, [shown, total]);
  return shown;
}

/**
 * The dashboard (docs/product/screens.md /devices): title, the add-circle button to /devices/register, tag filter chips, devices
 * grouped by type and sorted by name, refreshed every 5 s while shown; ?id= scrolls to and highlights a card.
 */
export function Dashboard() {
  const t = useT();
  const intl = useIntl();
  const navigate = useNavigate();
  const user = useAtomValue(activeUserAtom);
  // An admin viewing a customer's devices keeps no copy of them in the admin's browser, nor does a partner's page.
  const impersonating = useAtomValue(impersonatingAtom) !== null;
  const { list, failed, update, appOffline, lastUpdated } = useDeviceList(user?.Id ?? null, {
    keepCopy: !impersonating && onPaddockPage(),
  });
  // The catalogue names the SIM plans on their cards (only they show one); until it is here (or if it fails) the
  // cards show without plan names.
  const priceState = usePrices({ enabled: Boolean(list?.FarmcamSims.length) });
  const prices = priceState.state === 'ready' ? priceState.prices : null;
  // The viewer's own price prices every plug shown (a session stored before it existed has none).
  const energyPrice = user?.EnergyPrice ?? null;
  // docs/product/screens.md /devices: compact cards or detailed ones, as chosen in this browser (else by the screen).
  const [view, setView] = useDashboardView();
  const compact = view === 'compact';
  // The cards' trend lines: one call for all, once the cards are shown; none while compact cards show no line.
  const trends = useTrends(user?.Id ?? null, list !== null && !compact);
  const [params] = useSearchParams();
  const focusId = params.get('id');
  const [selected, setSelected] = useState<string[]>([]);

  const tags = useMemo(() => (list ? dashboardTags(list, intl.locale) : []), [list, intl.locale]);
  // A chosen tag that no device carries any more has no chip to switch it off: it stops filtering.
  const activeTags = useMemo(() => selected.filter((tag) => tags.includes(tag)), [selected, tags]);
  const allGroups = useMemo(() => (list ? groupDevices(list, PRODUCT_IDS, intl.locale) : []), [list, intl.locale]);
  const groups = useMemo(
    () =>
      activeTags.length === 0
        ? allGroups
        : allGroups
            .map((g) => ({ ...g, devices: g.devices.filter((d) => matchesTagFilter(d, activeTags)) }))
            .filter((g) => g.devices.length > 0),
    [allGroups, activeTags],
  );
  // docs/product/states.md "State at a glance": the same rule as the cards', counted over every device (the filter aside).
  const attention = useMemo(() => (list ? devicesNeedingAttention(list, new Date()) : 0), [list]);
  // The plugs the account owns (shared ones are their owners'): the energy total is theirs (docs/product/energy.md).
  const ownedPlugs = useMemo(
    () =>
      list
        ? allDevices(list).filter(
            (device) => PRODUCT_RULES[device.Product].histories.includes('consumption') && device.Metadata.Owner === user?.Id,
          ).length
        : 0,
    [list, user?.Id],
  );
  const onToggleTag = useCallback((tag: string) => setSelected((current) => toggleTag(current, tag)), []);
  // Where each group starts in page order; every group's heading is there from the start, so its width is kept and
  // the cards arriving in steps move nothing above them (CLS, docs/product/screens.md).
  const cardsBefore = useMemo(() => {
    let count = 0;
    return groups.map((group) => (count += group.devices.length) - group.devices.length);
  }, [groups]);
  const shown = useShownCards(
    groups.reduce((n, g) => n + g.devices.length, 0),
    CARD_HEIGHT[view],
  );

  // ?id=: bring that card fully into view once it is rendered (its step), once per id. Coming back from the device's
  // page (Save, Back) the list is there from the first render (useDeviceList): the card is put in place at once.
  const scrolledTo = useRef<string | null>(null);
  const loaded = list !== null;
  const [listAtOnce] = useState(loaded);
  useEffect(() => {
    if (!focusId || !loaded || scrolledTo.current === focusId) return;
    const card = document.getElementById(cardId(focusId));
    if (!card) return;
    scrolledTo.current = focusId;
    rememberLastDevice(focusId);
    card.focus({ preventScroll: true });
    afterLayout(() => bringIntoView(card, listAtOnce));
  }, [focusId, loaded, groups, shown, listAtOnce]);

  const total = allGroups.reduce((n, g) => n + g.devices.length, 0);
  // docs/product/limits.md: push registration starts 1 s after the dashboard has loaded (alarms need a device, so
  // nothing is offered without one; an allowed browser is still kept registered).
  const [offerPush, setOfferPush] = useState(false);
  // In a partner's page (docs/product/embedding.md) push is not offered: it would install a service worker there.
  const embedded = useEmbedded();
  useEffect(() => {
    if (!loaded) return;
    const timer = setTimeout(() => setOfferPush(true), PUSH_PROMPT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [loaded]);

  const offersSim = useOfferedProducts().includes('farmcam-sim');
  const register = t(m.register);
  const goRegister = () => navigate(REGISTER_PATH);

  return (
    <Page title={t(m.title)} actions={<IconButton icon={icons.addCircle} label={register} onClick={goRegister} disabled={appOffline} />}>
      {appOffline && list ? <OfflineBanner lastUpdated={lastUpdated} /> : null}
      {appOffline && !list ? <Alert kind="info">{t(m.appOfflineEmpty)}</Alert> : failed && !list ? <Alert>{t(m.loadFailed)}</Alert> : null}
      {loaded && !impersonating && !embedded && !appOffline ? (
        <Suspense fallback={null}>
          <IncomingTransfers />
        </Suspense>
      ) : null}
      {list === null ? (
        failed || appOffline ? null : (
          <p className="pd-devices-loading" role="status">
            {t(m.loading)}
          </p>
        )
      ) : total === 0 ? (
        <Card>
          <h2>{t(m.emptyTitle)}</h2>
          <p>{t(offersSim ? m.emptyText : m.emptyTextNoSim)}</p>
          <Button variant="primary" icon={icons.addCircle} onClick={goRegister} disabled={appOffline}>
            {register}
          </Button>
        </Card>
      ) : (
        <>
          <div className="pd-dashboard-bar">
            {attention > 0 ? (
              <p className="pd-dashboard-attention" data-testid="attention-summary">
                <Icon icon={icons.warning} size={20} />
                <span>{t(m.attentionSummary, { count: attention })}</span>
              </p>
            ) : null}
            {ownedPlugs > 0 && user && !appOffline ? (
              // Its place is kept while its chunk and figures load, so the cards below do not move when it appears.
              <div className="pd-dashboard-energy">
                <Suspense fallback={null}>
                  <EnergyTotal
                    userId={user.Id}
                    plugs={ownedPlugs}
                    priceKey={energyPrice ? `${energyPrice.PerKwh} ${energyPrice.Currency}` : ''}
                  />
                </Suspense>
              </div>
            ) : null}
            <ViewToggle view={view} onChange={setView} />
          </div>
          <TagFilter tags={tags} selected={activeTags} onToggle={onToggleTag} />
          {groups.length === 0 ? (
            <Card>
              <p>{t(m.filteredEmpty)}</p>
              <Button onClick={() => setSelected([])}>{t(m.clearFilter)}</Button>
            </Card>
          ) : (
            // Groups flow side by side (docs/product/screens.md): each is as wide as its cards need, up to the row.
            <AppOfflineContext.Provider value={appOffline}>
              <div className={['pd-device-groups', appOffline ? 'pd-device-groups--app-offline' : ''].join(' ').trim()}>
                {groups.map((group, index) => (
                  <section
                    key={group.product}
                    className="pd-device-group"
                    aria-labelledby={`group-${group.product}`}
                    style={{ '--pd-group-cards': Math.min(group.devices.length, 4) } as CSSProperties}
                  >
                    <h2 id={`group-${group.product}`} className="pd-device-group__title">
                      {PRODUCT_RULES[group.product].name}
                      <span className="pd-device-group__count">{t(m.groupCount, { count: group.devices.length })}</span>
                    </h2>
                    <div className={['pd-device-grid', compact ? 'pd-device-grid--compact' : ''].join(' ').trim()}>
                      {group.devices.slice(0, Math.max(0, shown - cardsBefore[index])).map((device) => {
                        const key = 'Imsi' in device ? device.Imsi : device.Imei;
                        if (compact) {
                          return (
                            <CompactDeviceCard
                              key={key}
                              device={device}
                              highlighted={key === focusId}
                              onDeviceChange={update}
                              prices={device.Product === 'farmcam-sim' ? prices : null}
                              energyPrice={energyPrice}
                            />
                          );
                        }
                        const trend = trends?.byKey.get(key) ?? null;
                        return (
                          <DeviceCard
                            key={key}
                            device={device}
                            highlighted={key === focusId}
                            onDeviceChange={update}
                            // Only a SIM's card names a plan: the catalogue arriving renders no other card again (issue 15).
                            prices={device.Product === 'farmcam-sim' ? prices : null}
                            energyPrice={energyPrice}
                            trend={trend}
                            // Only a card with a line moves when the window moves: the others stay memoized (issue 15).
                            trendEnd={trend ? trends?.end : undefined}
                          />
                        );
                      })}
                    </div>
                  </section>
                ))}
              </div>
            </AppOfflineContext.Provider>
          )}
        </>
      )}
      {/* After the cards, not above them: its arrival moves nothing (docs/product/screens.md). */}
      {offerPush && !appOffline ? (
        <Suspense fallback={null}>{embedded ? null : isNativeApp() ? <NativePush /> : <PushPrompt offer={total > 0} />}</Suspense>
      ) : null}
    </Page>
  );
}
