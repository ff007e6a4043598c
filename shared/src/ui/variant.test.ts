import { appName, currentVariant } from './variant';

afterEach(() => delete document.documentElement.dataset.variant);

test('the variant and the app name follow <html data-variant>, default without it or for an unknown one', () => {
  expect([currentVariant(), appName()]).toEqual(['default', 'Paddock']);
  document.documentElement.dataset.variant = 'partner';
  expect([currentVariant(), appName()]).toEqual(['partner', 'Paddock Partner']);
  document.documentElement.dataset.variant = 'constructor';
  expect([currentVariant(), appName()]).toEqual(['default', 'Paddock']);
});
