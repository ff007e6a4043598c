// Development only: this remote alone on its dev server (`npm run dev -w mfe-billing` → http://localhost:3003).
import { mountStandalone } from '@paddock/shared/standalone';
import App from './App';

mountStandalone(App, { name: 'billing', home: '/warranties' });
