import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './i18n';
import './styles.css';
import { App } from './app/App';
import { loadDarkTheme, themeStore } from './theme/mode';

const start = () =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
// In the dark theme the first render waits for antd's dark config (a small chunk of its own), so no
// part of the page is ever drawn in the light colours; the light theme starts at once.
if (themeStore.get().dark) void loadDarkTheme().finally(start);
else start();
