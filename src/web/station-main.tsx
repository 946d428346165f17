import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ErrorBoundary } from './shared/ui/ErrorBoundary.js';
import StationFace from './station/StationFace.js';
import './shared/ui/base.css';

// The station page's own entry (station.html, served at /station): its code arrives in one round
// with the page rather than after the app's entry has chosen a face, and the build gives it
// Preact for React (vite.config.ts), which a slow tablet parses and starts several times sooner.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ErrorBoundary>
      <StationFace />
    </ErrorBoundary>
  </StrictMode>,
);
