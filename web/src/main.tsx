import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import 'nprogress/nprogress.css';
import { AppProviders } from './app/AppProviders';
import './app/global.css';
import { AppRoutes } from './app/router/AppRoutes';
import { loadAntdLocale } from './shared/i18n/antd-locale';
import { initI18n } from './shared/i18n/i18n';
import { currentLocale, htmlLang } from './shared/i18n/locale';
import { loadServerEntries } from './shared/i18n/server-entries';
import { adoptUserFromQuery } from './shared/storage/storage';

adoptUserFromQuery(window.location.search, window.innerWidth);
const locale = currentLocale();
document.documentElement.lang = htmlLang(locale);
void Promise.all([loadAntdLocale(locale), initI18n(locale)]).then(([antdLocale]) => {
  void loadServerEntries(locale);
  const root = document.getElementById('root');
  if (!root) return;
  createRoot(root).render(
    <AppProviders antdLocale={antdLocale}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>,
  );
});
