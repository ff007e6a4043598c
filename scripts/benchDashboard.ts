// The dashboard with 500 devices (issue 15): /devices on a phone with 4× CPU slowdown (HTTP cache warm) shows its first
// cards within 1 s and its largest contentful paint within 1.5 s (docs/architecture/README.md#budgets), and a poll
// that brings one changed device keeps the page answering (only that card renders again; no task over 200 ms). The peer (docs/architecture/decisions/0009) is the same page,
// server, browser and throttling for a user with 5 devices, one of each product like the 500: what the 500 cost
// beyond the page itself is the ratio.
import type { Browser, BrowserContext, CDPSession, Page } from '@playwright/test';
import { PRODUCT_IDS, PRODUCTS, withSystemTags, type ProductId } from '@paddock/shared/domain';
import { hashPassword } from '../server/src/auth/passwords';
import type { Database } from '../server/src/db/client';
import { initialFields, initialSubscription } from '../server/src/devices/representation';
import type { RunningServer } from '../tests/support/server';
import type { Row } from './benchRows';

/** The two farmers: the fleet and its peer, the same products in the same shares. */
const FARMERS = [
  { label: '500 devices', email: 'fleet@bench.paddock.test', perProduct: 100, base: 910_000_000_000_000 },
  { label: '5 devices', email: 'peer@bench.paddock.test', perProduct: 1, base: 920_000_000_000_000 },
] as const;
type Farmer = (typeof FARMERS)[number];
const PASSWORD = 'bench-dashboard-password';
const keyOf = (farmer: Farmer, productIndex: number, n: number) => String(farmer.base + productIndex * 1_000_000 + n);

const FIRST_CARD_MS = 1_000;
const LCP_MS = 1_500;
const CLS = 0.1;
/**
 * RAIL's 50 ms for a task (so input is answered within 100 ms), on this machine's own CPU: the tasks are measured 4×
 * slowed, so at most 200 ms there (issue 15).
 */
const LONG_TASK_MS = 50 * 4;
const CPU_SLOWDOWN = 4;
/** Each page is measured this often, the two farmers in turn; the median counts. */
const ROUNDS = 5;

/** Writes both farmers and their devices into a migrated database while no server holds it. */
export async function seedDashboardFarmers(database: Database): Promise<void> {
  const passwordHash = await hashPassword(PASSWORD);
  const now = new Date();
  await database.withConnection(async (c) => {
    for (const farmer of FARMERS) {
      const id = `bench-${farmer.email.split('@')[0]}`;
      await c.query(
        `INSERT INTO users (id, customer_id, email, password_hash, country, verified, name, created_at) VALUES ($1, $2, $3, $4, 'SE', true, 'Bench Farmer', now())`,
        [id, `cus_${id}`, farmer.email, passwordHash],
      );
      for (const [i, product] of PRODUCT_IDS.entries()) {
        const key = `(${keyOf(farmer, i, 0)}::bigint + n)::text`;
        await c.query(`INSERT INTO inventory (key, product, secret_hash, created_at)
          SELECT ${key}, '${product}', 'not-a-secret', now() FROM generate_series(1, ${farmer.perProduct}) n`);
        // As a registration makes them (devices/inventory.ts registerDemoDevices): system tags, the owner shared and
        // notified, a trial; no report yet.
        await c.query(
          `INSERT INTO devices (key, product, owner_id, name, tags, access, notify, fields, subscription, registered_at, updated_at)
          SELECT ${key}, '${product}', $1, $2 || ' ' || lpad(n::text, 3, '0'), $3::jsonb, $4::jsonb, $4::jsonb, $5::jsonb, $6::jsonb, now(), now()
          FROM generate_series(1, ${farmer.perProduct}) n`,
          [
            id,
            PRODUCTS[product].name,
            JSON.stringify(withSystemTags(product, farmer.email, ['Home farm'])),
            JSON.stringify([farmer.email]),
            JSON.stringify(initialFields(product)),
            JSON.stringify(initialSubscription(now)),
          ],
        );
      }
    }
  });
}

/** What the page's own observers saw, from the start of the document (installed before any of the page's scripts). */
interface PageMarks {
  firstCard: number | null;
  /** When the number of cards in the page last changed (the cards after the first screenful come in steps). */
  lastCards: number;
  cards: number;
  lcp: number;
  cls: number;
  longTasks: { start: number; duration: number }[];
}

function observe() {
  const marks: PageMarks = { firstCard: null, lastCards: 0, cards: 0, lcp: 0, cls: 0, longTasks: [] };
  (window as unknown as { __bench: PageMarks }).__bench = marks;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) marks.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  // As tests/e2e/farmers-day-layout.spec.ts counts it.
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
      if (!entry.hadRecentInput) marks.cls += entry.value;
    }
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) marks.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  // The first card is visible in the frame after it entered the document: its animation frame is the one painted.
  const cards = new MutationObserver(() => {
    const count = document.querySelectorAll('article.pd-device').length;
    if (count === marks.cards) return;
    if (marks.cards === 0) requestAnimationFrame(() => (marks.firstCard = performance.now()));
    marks.cards = count;
    requestAnimationFrame(() => (marks.lastCards = performance.now()));
  });
  cards.observe(document, { childList: true, subtree: true });
}

const marksOf = (page: Page) => page.evaluate(() => (window as unknown as { __bench: PageMarks }).__bench);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Waits until `expression` is true in the page, asking every 250 ms through the DevTools protocol. Not Playwright's
 * waitForFunction: that first evaluates Playwright's own injected script in each new document, about 70 ms of
 * parsing on the 4×-slowed main thread, which landed before the first card it was measuring.
 */
async function untilTrue({ cdp }: Session, expression: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const { result } = await cdp.send('Runtime.evaluate', { expression, returnByValue: true });
    if (result.value === true) return;
    if (Date.now() > until) throw new Error(`not true within ${timeoutMs} ms: ${expression}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A farmer signed in, in a phone-sized page with a 4× slower CPU. */
interface Session {
  farmer: Farmer;
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  headers: Record<string, string>;
}

async function signIn(browser: Browser, server: RunningServer, farmer: Farmer): Promise<Session> {
  const reply = await fetch(`${server.url}/api/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Email: farmer.email, Password: PASSWORD }),
  });
  if (!reply.ok) throw new Error(`sign-in as ${farmer.email}: ${reply.status} ${await reply.text()}`);
  const { User, Token } = (await reply.json()) as { User: { Id: string }; Token: { String: string } };
  const headers = { authorization: `Bearer ${Token.String}`, 'content-type': 'application/json' };
  const list = (await (await fetch(`${server.url}/api/users/${User.Id}/devices`, { headers })).json()) as Record<string, unknown[]>;
  const count = Object.values(list).reduce((sum, devices) => sum + devices.length, 0);
  if (count !== farmer.perProduct * PRODUCT_IDS.length) throw new Error(`${farmer.email} has ${count} devices`);

  // Signed in through the page as a farmer is (the session in this browser's storage); no service worker, so every
  // navigation below asks the server again, with the browser's HTTP cache.
  const context = await browser.newContext({ viewport: { width: 360, height: 780 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(`${server.url}/sign-in`);
  await page.getByLabel('E-mail address').fill(farmer.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.locator('main').getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/devices/);
  await page.getByRole('article').first().waitFor();
  await context.addInitScript(observe);
  const cdp = await context.newCDPSession(page);
  // The HTTP cache stays on: a farmer opens the dashboard many times a day, and the JS a first visit downloads has
  // its own budget rows (cold cache). What this row measures is what 500 devices cost the page.
  await cdp.send('Performance.enable');
  return { farmer, context, page, cdp, headers };
}

/**
 * `measure` with this farmer's page slowed 4×, and only this one: with the other farmer's idle dashboard slowed too,
 * the measured page ran as if on a busier machine (500 devices, first card 1.1-2.0 s; 0.7-1.1 s with the other page
 * open but not slowed, or closed), though the idle page itself is busy 5 ms in 5 s.
 */
async function slowedDown<T>({ cdp }: Session, measure: () => Promise<T>): Promise<T> {
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  try {
    return await measure();
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  }
}

/** Opens /devices afresh (from a small page of the site) and waits until every card is painted and the page has settled (trend lines in). */
async function openDashboard(session: Session, server: RunningServer): Promise<PageMarks> {
  const { page, farmer, cdp } = session;
  // From a small page of the same site, as after a link from elsewhere, with the old page's garbage collected: the
  // renderer (and its heap) stays the same, so leaving a dashboard of 500 cards first took the new page's first
  // 140 ms (4× slowed) to tear it down, and a major collection of its heap came at any moment of the next page.
  // Neither is the dashboard's own work: the farmer opens the app in a fresh renderer.
  await page.goto(`${server.url}/favicon.svg`);
  await cdp.send('HeapProfiler.collectGarbage');
  await page.goto(`${server.url}/devices`);
  // Asked of the page's own marks, seldom: a locator polling for a role would compete with the page for its CPU.
  await untilTrue(session, `window.__bench.cards === ${farmer.perProduct * PRODUCT_IDS.length}`, 60_000);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1_000);
  const marks = await marksOf(page);
  if (marks.firstCard === null) throw new Error('no card was seen entering the page');
  return marks;
}

/**
 * With the dashboard open, renames one device through the API (PATCH, as another of the farmer's phones would) and
 * waits for the poll that shows it: the long tasks from the change until the renamed card is painted, plus a moment.
 */
async function pollCycle(session: Session, server: RunningServer, round: number): Promise<PollCycle> {
  const { page, cdp, farmer, headers } = session;
  const product: ProductId = 'fencealarm';
  const name = `Renamed ${round}`;
  const since = await page.evaluate(() => performance.now());
  const busyBefore = await busySeconds(cdp);
  const reply = await fetch(`${server.url}/api/${PRODUCTS[product].apiCollection}/${keyOf(farmer, PRODUCT_IDS.indexOf(product), 1)}`, {
    method: 'PATCH',
    headers,
    body: JSON.stringify({ Name: name }),
  });
  if (!reply.ok) throw new Error(`renaming: ${reply.status} ${await reply.text()}`);
  // A plain look at the card titles, seldom: a locator polling for a role over 500 cards would be the busiest thing in the page.
  await untilTrue(session, `[...document.querySelectorAll('h3')].some((h) => h.textContent === ${JSON.stringify(name)})`, 15_000);
  await page.waitForTimeout(500);
  const busy = (await busySeconds(cdp)) - busyBefore;
  const tasks = (await marksOf(page)).longTasks.filter((task) => task.start >= since);
  const cards = await page.evaluate(() => document.querySelectorAll('article.pd-device').length);
  return { longest: Math.max(0, ...tasks.map((task) => task.duration)), count: tasks.length, busy: busy * 1000, cards };
}

interface PollCycle {
  /** The longest task (ms; 0: none of 50 ms or more, the Long Tasks API's threshold). */
  longest: number;
  /** How many long tasks. */
  count: number;
  /** The renderer's main thread busy meanwhile (ms), every task counted: what the ratio compares. */
  busy: number;
  cards: number;
}

/** The renderer main thread's busy time so far (s), as Chromium counts it. */
async function busySeconds(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((metric) => metric.name === 'TaskDuration')!.value;
}

/** The dashboard rows: first cards, LCP and layout shift on opening /devices, long tasks during a poll; each 500 vs 5. */
export async function dashboardRows(browser: Browser, server: RunningServer): Promise<Row[]> {
  const sessions: Session[] = [];
  try {
    for (const farmer of FARMERS) sessions.push(await signIn(browser, server, farmer));
    const opened = new Map<Farmer, PageMarks[]>(FARMERS.map((farmer) => [farmer, []]));
    const polls = new Map<Farmer, PollCycle[]>(FARMERS.map((farmer) => [farmer, []]));
    // In turn, so that whatever else the machine does weighs on both alike.
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const session of sessions) opened.get(session.farmer)!.push(await slowedDown(session, () => openDashboard(session, server)));
      for (const session of sessions) polls.get(session.farmer)!.push(await slowedDown(session, () => pollCycle(session, server, round)));
    }
    const [fleet, peer] = FARMERS;
    const of = (farmer: Farmer, measure: (marks: PageMarks) => number) => median(opened.get(farmer)!.map(measure));
    const ms = (value: number) => `${value.toFixed(0)} ms`;
    const setting = `${CPU_SLOWDOWN}× CPU slowdown, 360×780, HTTP cache warm, median of ${ROUNDS}`;
    const timed = (what: string, measure: (marks: PageMarks) => number, budget: number): Row => {
      const value = of(fleet, measure);
      const peerValue = of(peer, measure);
      return {
        what: `/devices ${what}, ${fleet.label} (${setting})`,
        value: ms(value),
        peer: `${ms(peerValue)} with ${peer.label}`,
        ratio: value / peerValue,
        budget: `≤ ${budget.toLocaleString('en')} ms`,
        ok: value <= budget,
      };
    };
    const cls = (farmer: Farmer) => of(farmer, (marks) => marks.cls);
    const first = timed('first device card visible, from navigation', (marks) => marks.firstCard!, FIRST_CARD_MS);
    const lcp = timed('largest contentful paint', (marks) => marks.lcp, LCP_MS);
    const poll = (farmer: Farmer, measure: (cycle: PollCycle) => number) => median(polls.get(farmer)!.map(measure));
    // The worst round's: the budget is for every poll.
    const longest = (farmer: Farmer) => Math.max(...polls.get(farmer)!.map((cycle) => cycle.longest));
    const pollText = (farmer: Farmer) =>
      `longest task ${ms(longest(farmer))} (long tasks per round ${polls
        .get(farmer)!
        .map((cycle) => cycle.count)
        .join('/')}), main thread busy ${ms(poll(farmer, (cycle) => cycle.busy))}`;
    const cards = polls.get(fleet)!.at(-1)!.cards;
    return [
      {
        ...first,
        value: `${first.value} (all ${fleet.perProduct * PRODUCT_IDS.length} by ${ms(of(fleet, (marks) => marks.lastCards))})`,
      },
      // The layout shift rides along: cards that arrive in steps must not push anything (the e2e tests check it too).
      {
        ...lcp,
        value: `${lcp.value}, CLS ${cls(fleet).toFixed(3)}`,
        peer: `${lcp.peer}, CLS ${cls(peer).toFixed(3)}`,
        budget: `${lcp.budget}; CLS < ${CLS}`,
        ok: lcp.ok && cls(fleet) < CLS,
      },
      {
        what: `/devices, one device renamed until its card shows (the next poll), ${fleet.label}, ${cards} cards in the page (${CPU_SLOWDOWN}× CPU slowdown, ${ROUNDS} rounds: the longest task of all, the median busy time; ratio of busy time)`,
        value: pollText(fleet),
        peer: `${pollText(peer)} with ${peer.label}`,
        ratio: poll(fleet, (cycle) => cycle.busy) / poll(peer, (cycle) => cycle.busy),
        budget: `longest task ≤ ${LONG_TASK_MS} ms (50 ms × ${CPU_SLOWDOWN})`,
        ok: longest(fleet) <= LONG_TASK_MS,
      },
    ];
  } finally {
    for (const session of sessions) await session.context.close();
  }
}
