import './styles/global.css';
import './styles/forms.css';
import './styles/notices.css';
import './styles/filters.css';
import './styles/tables.css';
import './styles/dialogs.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { createConsoleRouter } from './app/router';
import { initI18n } from './lib/i18n';

async function start(): Promise<void> {
  await initI18n();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={createConsoleRouter()} />
      </Providers>
    </StrictMode>,
  );
}

void start();
