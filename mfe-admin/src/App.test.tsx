import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { devicesApi, usersApi } from '@paddock/shared/api';
import { resetSession, sampleAdmin, signInAs } from '@paddock/shared/testing/fixtures';
import { renderRemote } from '@paddock/shared/testing/renderRemote';
import App from './App';
import { AdminDeviceRoute, UserEmailRoute, UserRoute } from './routes';

beforeEach(() => {
  resetSession();
  signInAs(sampleAdmin);
});
afterEach(() => jest.restoreAllMocks());

test('/admin has the menu of docs/product/admin.md, products from the registry', () => {
  renderRemote(App, '/admin');
  const menu = screen.getByRole('navigation', { name: 'Admin areas' });
  const links = within(menu).getAllByRole('link');
  expect(links.map((l) => l.textContent)).toEqual([
    'User',
    'FarmCam SIM',
    'FenceAlarm',
    'FenceAlarm2',
    'SmartPlug',
    'SmartPlug2',
    'Notices',
    'Stats',
    'Audit log',
    'Warranty claims',
    'Firmware campaigns',
    'Mailbox',
    'SMS outbox',
  ]);
  expect(links.map((l) => l.getAttribute('href'))).toEqual([
    '/admin/user',
    '/admin/farmcam-sim',
    '/admin/fencealarm',
    '/admin/fencealarm2',
    '/admin/smartplug',
    '/admin/smartplug2',
    '/admin/notices',
    '/admin/stats',
    '/admin/audit',
    '/admin/warranty-claims',
    '/admin/firmware-campaigns',
    '/admin/mailbox',
    '/admin/sms-outbox',
  ]);
});

test('in Swedish', () => {
  renderRemote(App, '/admin', { locale: 'sv-SE' });
  expect(screen.getByRole('heading', { level: 1, name: 'Administration' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Användare' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Granskningslogg' })).toBeInTheDocument();
});

test.each(['/admin/unknown', '/admin/user/u1/unknown', '/admin/fencealarm/356938035643801/fota', '/admin/farmcam-sim/1/2/3'])(
  '%s below /admin is "Page not found" with a back button',
  (path) => {
    renderRemote(App, path);
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
  },
);

describe('route guards (docs/product/errors.md)', () => {
  function KeylessRoutes() {
    return (
      <Routes>
        <Route path="admin/user" element={<UserRoute />} />
        <Route path="admin/user-email" element={<UserEmailRoute />} />
        <Route path="admin/fencealarm" element={<AdminDeviceRoute product="fencealarm" page="device" />} />
        <Route path="admin/smartplug" element={<AdminDeviceRoute product="smartplug" page="add-trial" />} />
        <Route path="admin/farmcam-sim" element={<AdminDeviceRoute product="farmcam-sim" page="device" />} />
        <Route path="admin/fencealarm2" element={<AdminDeviceRoute product="fencealarm2" page="fota" />} />
      </Routes>
    );
  }
  test.each([
    ['/admin/user', 'missing ctx.data.id'],
    ['/admin/user-email', 'missing ctx.data.id'],
    ['/admin/fencealarm', 'missing ctx.data.imei'],
    ['/admin/smartplug', 'missing ctx.data.imei'],
    ['/admin/farmcam-sim', 'missing ctx.data.imsi'],
    ['/admin/fencealarm2', 'missing ctx.data.imei'],
  ])('%s without its parameter fails with “%s” and calls nothing', (path, error) => {
    const getUser = jest.spyOn(usersApi, 'get');
    const getDevice = jest.spyOn(devicesApi, 'get');
    renderRemote(KeylessRoutes, path);
    expect(screen.getByRole('alert')).toHaveTextContent(`This link is incomplete. Open the page from the admin menu. (${error})`);
    expect(getUser).not.toHaveBeenCalled();
    expect(getDevice).not.toHaveBeenCalled();
  });
});
