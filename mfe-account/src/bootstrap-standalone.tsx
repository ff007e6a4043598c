// Development only: this remote alone on its dev server (`npm run dev -w mfe-account` → http://localhost:3001).
import { mountStandalone } from '@paddock/shared/standalone';
import App from './App';

mountStandalone(App, { name: 'account', home: '/sign-in' });
