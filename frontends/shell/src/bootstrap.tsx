import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from '@budget/web';
import { registerServiceWorker } from './pwa/service-worker.js';
import { UpdatePrompt } from './pwa/UpdatePrompt.js';
import { ShellRoutes } from './ShellRoutes.js';
import { rememberTheme } from './theme-memory.js';
import { remotesRegistered } from './remotes/registration.js';
import './shell.css';
import './theme.css';

rememberTheme();
void remotesRegistered();
registerServiceWorker();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <AppProviders>
        <ShellRoutes />
        <UpdatePrompt />
      </AppProviders>
    </BrowserRouter>
  </StrictMode>,
);
