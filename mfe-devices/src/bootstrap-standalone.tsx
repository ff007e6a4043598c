// Development only: this remote alone on its dev server (`npm run dev -w mfe-devices` → http://localhost:3002).
import { mountStandalone } from '@paddock/shared/standalone';
import App from './App';

mountStandalone(App, { name: 'devices', home: '/devices' });
