// GET /history/retention (issue 28): the log page's hint about hourly rows uses the server's raw retention
// (READINGS_RETENTION_DAYS), not a constant of the front-end.
import { HistoryRetention } from '@paddock/shared/contract';
import { Value } from '@sinclair/typebox/value';
import { call, createMember, setUpTestApp, type TestApp } from '../testing/testApp';

let t: TestApp;
let admin: string;
setUpTestApp((app, token) => ([t, admin] = [app, token]), { readingsRetentionDays: 5 });

describe('GET /api/history/retention', () => {
  it('answers the configured retention to any signed-in user', async () => {
    const member = await createMember(t);
    for (const token of [member.token, admin]) {
      const response = await call(t.app, 'GET', '/api/history/retention', { token });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ RawReadingsDays: 5 });
      expect(Value.Check(HistoryRetention, response.json())).toBe(true);
      expect(response.headers['cache-control']).toBe('private, no-cache');
    }
  });

  it('without a token: 401', async () => {
    const response = await call(t.app, 'GET', '/api/history/retention');
    expect(response.statusCode).toBe(401);
  });
});
