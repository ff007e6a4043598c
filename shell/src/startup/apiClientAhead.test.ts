import { loadApiClientAtFirstUse } from './apiClientAhead';

test('ky is loaded at the first key or tap on the page, once', () => {
  const target = new EventTarget();
  const load = jest.fn(() => Promise.resolve());
  loadApiClientAtFirstUse(target, load);
  expect(load).not.toHaveBeenCalled();
  target.dispatchEvent(new Event('pointerdown'));
  target.dispatchEvent(new Event('keydown'));
  target.dispatchEvent(new Event('pointerdown'));
  expect(load).toHaveBeenCalledTimes(1);
});

test('a file that cannot load (offline) is no error here: the first request asks again', async () => {
  const target = new EventTarget();
  const load = jest.fn(() => Promise.reject(new Error('ChunkLoadError')));
  loadApiClientAtFirstUse(target, load);
  target.dispatchEvent(new Event('keydown'));
  await Promise.resolve();
  expect(load).toHaveBeenCalledTimes(1);
});
