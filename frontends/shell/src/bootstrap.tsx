import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from '@budget/web';
import { ShellRoutes } from './ShellRoutes.js';
import { remotesRegistered } from './remotes/registration.js';
import './shell.css';

void remotesRegistered();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <AppProviders>
        <ShellRoutes />
      </AppProviders>
    </BrowserRouter>
  </StrictMode>,
);
