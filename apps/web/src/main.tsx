import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { prepareFirstScreen } from './app/first-screen.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

void prepareFirstScreen().then(() =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
