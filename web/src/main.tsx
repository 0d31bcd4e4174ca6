import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import 'virtual:antd-static.css';
import 'nprogress/nprogress.css';
import { AppProviders } from './app/AppProviders';
import './app/global.css';
import { AppRoutes } from './app/router/AppRoutes';
import { preloadFirstPage } from './app/router/first-page';
import { bcp47Of } from '@solar/contract';
import { currentLocale } from './shared/i18n/locale';
import { prepareLanguage } from './shared/web-texts/prepare-language';
import { adoptUserFromQuery } from './shared/storage/storage';
import { captureInstallPrompt } from './shared/pwa/install-prompt';

adoptUserFromQuery(window.location.search, window.innerWidth);
captureInstallPrompt();
const locale = currentLocale();
document.documentElement.lang = bcp47Of(locale);
preloadFirstPage(window.location.pathname);
void prepareLanguage(locale).then((antdLocale) => {
  const root = document.getElementById('root');
  if (!root) return;
  // As a transition, the first render yields to the browser every few milliseconds instead of
  // holding the main thread until the whole page is built.
  startTransition(() =>
    createRoot(root).render(
      <AppProviders antdLocale={antdLocale}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>,
    ),
  );
});
