import { ACTIVATE_IF_ALONE, registerServiceWorker, SERVICE_WORKER_URL } from './register';

function fakeContainer({ waiting = false, controlled = true } = {}) {
  const listeners: Record<string, () => void> = {};
  const postMessage = jest.fn();
  const registration = { waiting: waiting ? { postMessage } : null };
  const container = {
    controller: controlled ? {} : null,
    register: jest.fn(async () => registration),
    addEventListener: (type: string, listener: () => void) => void (listeners[type] = listener),
  } as unknown as ServiceWorkerContainer;
  return { container, postMessage, fire: (type: string) => listeners[type]?.() };
}

test('registers /sw.js for the whole site, never read from the HTTP cache', async () => {
  const { container, postMessage } = fakeContainer();
  await registerServiceWorker(container, jest.fn());
  expect(container.register).toHaveBeenCalledWith(SERVICE_WORKER_URL, { scope: '/', updateViaCache: 'none' });
  expect(postMessage).not.toHaveBeenCalled();
});

test('a waiting version is asked to take over if this page is alone, and the page reloads into it once', async () => {
  const { container, postMessage, fire } = fakeContainer({ waiting: true });
  const reload = jest.fn();
  await registerServiceWorker(container, reload);
  expect(postMessage).toHaveBeenCalledWith({ type: ACTIVATE_IF_ALONE });
  fire('controllerchange');
  fire('controllerchange');
  expect(reload).toHaveBeenCalledTimes(1);
});

test('the first install taking control reloads nothing', async () => {
  const { container, postMessage, fire } = fakeContainer({ controlled: false });
  const reload = jest.fn();
  await registerServiceWorker(container, reload);
  fire('controllerchange');
  expect(postMessage).not.toHaveBeenCalled();
  expect(reload).not.toHaveBeenCalled();
});
