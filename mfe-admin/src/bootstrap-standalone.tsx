// Development only: this remote alone on its dev server (`npm run dev -w mfe-admin` → http://localhost:3004).
import { mountStandalone } from '@paddock/shared/standalone';
import App from './App';

mountStandalone(App, { name: 'admin', home: '/admin' });
